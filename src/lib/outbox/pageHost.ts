/**
 * The page's side of a replay: the session comes from supabase-js (which refreshes an expired
 * one), and is mirrored into the outbox database so the service worker can send while no page
 * is open; a refusal becomes an Italian toast.
 */
import type { Session } from '@supabase/supabase-js';
import { mayHaveSession } from '../authStorage.ts';
import { loadSupabase } from '../backend.ts';
import { pwa } from '../catalogue/pwa.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '../env.ts';
import { toastError } from '../toast.ts';
import { setMeta } from './db.ts';
import type { OutboxEntry } from './model.ts';
import type { ReplayHost } from './replay.ts';

const api = { url: SUPABASE_URL, anonKey: SUPABASE_ANON_KEY };
const sentListeners = new Set<(entry: OutboxEntry) => void>();
const dropClaims = new Map<string, (message: string) => void>();

/** Runs `listener` after this page sent an entry (a screen refetches what it changed). Returns the unsubscribe. */
export function onOutboxSent(listener: (entry: OutboxEntry) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/** What the worker needs to send as this user: the address, the key and the access token with its expiry. */
async function mirrorSession(session: Session | null): Promise<void> {
  await setMeta('api', api);
  await setMeta('session', session ? { userId: session.user.id, accessToken: session.access_token, expiresAt: (session.expires_at ?? 0) * 1000 } : undefined);
}

/** A screen waiting on its own write tells a refusal itself, in its own place, instead of the generic toast. Returns the release. */
export function claimDrop(id: string, handler: (message: string) => void): () => void {
  dropClaims.set(id, handler);
  return () => dropClaims.delete(id);
}

let following = false;

/**
 * Keeps the worker's copy of the token in step with refreshes and sign-outs, from the outbox's
 * start on (supabase-js tells the session at once), so a write queued offline can leave from the
 * worker with the page closed. A visitor's page loads no supabase-js for it.
 */
export async function followSession(): Promise<void> {
  if (following || !mayHaveSession()) return;
  following = true;
  const supabase = await loadSupabase();
  supabase.auth.onAuthStateChange((_event, session) => {
    // Never call supabase synchronously inside its own auth callback.
    setTimeout(() => void mirrorSession(session).catch(() => undefined), 0);
  });
}

async function sessionFor(userId: string, refresh: boolean): Promise<string | null> {
  if (!mayHaveSession()) return null;
  const supabase = await loadSupabase();
  void followSession();
  const { data } = refresh ? await supabase.auth.refreshSession() : await supabase.auth.getSession();
  // Another account signed in since: the entry is not this session's to send.
  if (!data.session || data.session.user.id !== userId) return null;
  await mirrorSession(data.session);
  return data.session.access_token;
}

export const pageHost: ReplayHost = {
  async credentials(userId) {
    if (userId === null) return { ...api, token: api.anonKey };
    const token = await sessionFor(userId, false);
    return token ? { ...api, token } : null;
  },
  refresh: (userId) => (userId === null ? Promise.resolve(null) : sessionFor(userId, true)),
  dropped(entry, message) {
    const claim = dropClaims.get(entry.id);
    if (claim) claim(message);
    else toastError(pwa.outbox.dropped(message));
  },
  sent(entry) {
    sentListeners.forEach((l) => l(entry));
  },
};
