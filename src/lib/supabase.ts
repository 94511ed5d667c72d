import { createClient } from '@supabase/supabase-js';
import { AUTH_STORAGE_KEY } from './authStorage.ts';
import type { Database } from './database.types.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './env.ts';

/** The one client the app talks to its backend through (loaded lazily: see backend.ts). */
export const supabase = createClient<Database>(SUPABASE_URL, SUPABASE_ANON_KEY, {
  auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'implicit', storageKey: AUTH_STORAGE_KEY },
});
