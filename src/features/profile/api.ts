/** Profile calls: own row of profiles, account deletion and data export (SQL functions). */
import { unwrap } from '@/lib/apiError.ts';
import type { Tables, TablesUpdate } from '@/lib/database.types.ts';
import { supabase } from '@/lib/supabase.ts';

export type OwnProfile = Pick<Tables<'profiles'>, 'id' | 'email' | 'display_name' | 'phone' | 'push_enabled' | 'credits' | 'referral_code'>;

export async function fetchOwnProfile(userId: string): Promise<OwnProfile> {
  return unwrap(
    supabase.from('profiles').select('id, email, display_name, phone, push_enabled, credits, referral_code').eq('id', userId).single(),
  );
}

export async function updateOwnProfile(userId: string, patch: Pick<TablesUpdate<'profiles'>, 'display_name' | 'phone' | 'push_enabled'>): Promise<void> {
  await unwrap(supabase.from('profiles').update(patch).eq('id', userId));
}

/**
 * Removes the caller's account through public.delete_my_account(): the rows cascade and the
 * database queues their photo files for the clean-up job.
 */
export async function deleteMyAccount(): Promise<void> {
  await unwrap(supabase.rpc('delete_my_account'));
}

/** public.export_my_data(): the caller's data as one JSON document. */
export async function exportMyData() {
  return unwrap(supabase.rpc('export_my_data'));
}
