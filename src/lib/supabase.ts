import { createClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './env.ts';

/** The one client the app talks to its backend through. */
export const supabase = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit' },
});
