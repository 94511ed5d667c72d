import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './env.ts';

/**
 * The URL fragment as the page was loaded, read before the client consumes it: the
 * /auth/callback screen tells a password-recovery link from a sign-up confirmation by it.
 */
export const initialUrlHash: string = typeof window === 'undefined' ? '' : window.location.hash;

/** The one client the app talks to its backend through. */
export const supabase = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
});
