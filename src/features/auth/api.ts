/** The auth feature's backend calls: each resolves with its data or rejects with an ApiError. */
import { unwrap } from '@/lib/apiError.ts';
import { loadSupabase } from '@/lib/backend.ts';

export interface SessionUser {
  id: string;
  email: string;
}

export function callbackUrl(): string {
  return `${window.location.origin}/auth/callback`;
}

/** The user's role column, as the guards read it. */
export async function fetchRole(userId: string): Promise<string> {
  const supabase = await loadSupabase();
  // Offline, postgrest-js's three retries (1 + 2 + 4 s) held every start of the app on a train on
  // the loading screen; one try tells at once, and the session keeps the role it knew.
  return (await unwrap(supabase.from('profiles').select('role').eq('id', userId).single().retry(navigator.onLine))).role;
}

export async function getInitialSession() {
  return (await unwrap((await loadSupabase()).auth.getSession())).session;
}

export async function signIn(email: string, password: string) {
  const supabase = await loadSupabase();
  return unwrap(supabase.auth.signInWithPassword({ email: email.trim(), password }));
}

export async function signUp(v: { email: string; password: string; displayName: string; ref: string | null }) {
  const supabase = await loadSupabase();
  return unwrap(supabase.auth.signUp({
    email: v.email.trim(),
    password: v.password,
    options: {
      emailRedirectTo: callbackUrl(),
      data: { display_name: v.displayName.trim(), ref: v.ref, accepted_terms: true, age_confirmed: true },
    },
  }));
}

export async function requestPasswordReset(email: string) {
  const supabase = await loadSupabase();
  return unwrap(supabase.auth.resetPasswordForEmail(email.trim(), { redirectTo: callbackUrl() }));
}

export async function updatePassword(password: string) {
  const supabase = await loadSupabase();
  return unwrap(supabase.auth.updateUser({ password }));
}

export async function updateEmail(email: string) {
  const supabase = await loadSupabase();
  return unwrap(supabase.auth.updateUser({ email: email.trim() }, { emailRedirectTo: callbackUrl() }));
}

export async function signOut() {
  const supabase = await loadSupabase();
  return unwrap(supabase.auth.signOut());
}

export async function onAuthChange(listener: (event: string, user: SessionUser | null) => void) {
  const supabase = await loadSupabase();
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    const u = session?.user;
    listener(event, u ? { id: u.id, email: u.email ?? '' } : null);
  });
  return () => data.subscription.unsubscribe();
}

export interface BanStatement {
  reason: string | null;
  banned_at: string | null;
  created_at: string;
}

/**
 * The current statement of reasons of the account (the latest decision; its own rows only, by
 * RLS): why, since when, and when this reason was given; null when none is recorded.
 */
export async function fetchMyBan(userId: string): Promise<BanStatement | null> {
  const db = await loadSupabase();
  return unwrap(
    db.from('account_bans').select('reason, banned_at, created_at').eq('user_id', userId).order('id', { ascending: false }).limit(1).maybeSingle(),
  );
}
