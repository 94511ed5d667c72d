/** Where supabase-js keeps the session (localStorage), named so the app can look without loading it. */
export const AUTH_STORAGE_KEY = 'incontri-auth';

/**
 * The URL fragment as the page was loaded: the /auth/callback screen tells a password-recovery
 * link from a sign-up confirmation by it, and the client consumes it once it loads.
 */
export const initialUrlHash: string = typeof window === 'undefined' ? '' : window.location.hash;

/**
 * Whether there may be a session to restore: one stored by supabase-js, or one arriving in
 * the URL (an e-mail link's tokens or error). Without either the visitor is anonymous, known
 * at once, with no need to load the client first.
 */
/** A session arriving in the address: an e-mail link's tokens or error in the fragment, a code or error in the query. */
export const SESSION_IN_HASH = /access_token|refresh_token|error_description|error_code/;
export const SESSION_IN_SEARCH = /[?&](code|error)=/;

/**
 * The user whose session supabase-js keeps on this device, or null. It goes only on a real
 * sign-out; an offline start with an expired token keeps it (the outbox keeps that user's writes).
 */
export function storedSessionUserId(): string | null {
  try {
    const raw = window.localStorage.getItem(AUTH_STORAGE_KEY);
    const id = raw ? (JSON.parse(raw) as { user?: { id?: unknown } } | null)?.user?.id : null;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}

export function mayHaveSession(): boolean {
  try {
    if (window.localStorage.getItem(AUTH_STORAGE_KEY)) return true;
  } catch {
    return true; // storage unreadable: let supabase-js decide
  }
  const { hash, search } = window.location;
  return SESSION_IN_HASH.test(hash) || SESSION_IN_SEARCH.test(search);
}
