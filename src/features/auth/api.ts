/** The auth feature's backend calls. */
import { db } from '@/lib/db.ts';
import { supabase } from '@/lib/supabase.ts';

export interface SessionUser {
  id: string;
  email: string;
}

export function callbackUrl(): string {
  return `${window.location.origin}/auth/callback`;
}

/** `.from('profiles').select('role').eq('id', uid).single()` (SPEC §7). */
export async function fetchRole(userId: string) {
  return db.from('profiles').select('role').eq('id', userId).single<{ role: string }>();
}

export async function getInitialSession() {
  return supabase.auth.getSession();
}

export function signIn(email: string, password: string) {
  return supabase.auth.signInWithPassword({ email: email.trim(), password });
}

export function signUp(v: { email: string; password: string; displayName: string; ref: string | null }) {
  return supabase.auth.signUp({
    email: v.email.trim(),
    password: v.password,
    options: {
      emailRedirectTo: callbackUrl(),
      data: { display_name: v.displayName.trim(), ref: v.ref, accepted_terms: true, age_confirmed: true },
    },
  });
}

export function requestPasswordReset(email: string) {
  return supabase.auth.resetPasswordForEmail(email.trim(), { redirectTo: callbackUrl() });
}

export function updatePassword(password: string) {
  return supabase.auth.updateUser({ password });
}

export function updateEmail(email: string) {
  return supabase.auth.updateUser({ email: email.trim() }, { emailRedirectTo: callbackUrl() });
}

export function signOut() {
  return supabase.auth.signOut();
}

export function onAuthChange(listener: (event: string, user: SessionUser | null) => void) {
  const { data } = supabase.auth.onAuthStateChange((event, session) => {
    const u = session?.user;
    listener(event, u ? { id: u.id, email: u.email ?? '' } : null);
  });
  return () => data.subscription.unsubscribe();
}
