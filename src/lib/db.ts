/**
 * The backend client as feature api.ts files use it until `npm run gen:types` has produced
 * the real `Database` type from the migrations: typed loosely so the calls compile. Once
 * database.types.ts is regenerated, api.ts files can switch back to `supabase` itself.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { supabase } from './supabase.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const db = supabase as unknown as SupabaseClient<any>;
