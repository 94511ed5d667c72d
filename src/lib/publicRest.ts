/**
 * Public reads (listings, search) through PostgREST's query builder from supabase-js's own
 * packages, with the anon key: the same requests supabase-js makes for `rpc()`, without
 * loading auth, realtime and storage on a visitor's first page. See docs/decisions.md.
 */
import { PostgrestClient } from '@supabase/postgrest-js';
import type { Database } from './database.types.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './env.ts';

export const publicRest = new PostgrestClient<Database>(`${SUPABASE_URL}/rest/v1`, {
  headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
});
