/** Profile calls: own row of profiles, account deletion and data export (SQL functions). */
import { db } from '@/lib/db.ts';
import { removeUserFiles } from '@/lib/listingPhotoFiles.ts';

export interface OwnProfile {
  id: string;
  email: string | null;
  display_name: string | null;
  phone: string | null;
  push_enabled: boolean | null;
  credits: number | null;
  referral_code: string | null;
}

export async function fetchOwnProfile(userId: string): Promise<OwnProfile> {
  const { data, error } = await db
    .from('profiles')
    .select('id, email, display_name, phone, push_enabled, credits, referral_code')
    .eq('id', userId)
    .single();
  if (error) throw error;
  return data as OwnProfile;
}

export async function updateOwnProfile(userId: string, patch: Partial<Pick<OwnProfile, 'display_name' | 'phone' | 'push_enabled'>>) {
  const { error } = await db.from('profiles').update(patch).eq('id', userId);
  if (error) throw error;
}

/**
 * Removes the caller's account: their listing photo files from Storage first, then
 * public.delete_my_account() (which refuses while files are left) deletes the rows.
 */
export async function deleteMyAccount(userId: string) {
  await removeUserFiles(db, userId);
  const { error } = await db.rpc('delete_my_account');
  if (error) throw error;
}

/** public.export_my_data(): the caller's data as one JSON document. */
export async function exportMyData(): Promise<unknown> {
  const { data, error } = await db.rpc('export_my_data');
  if (error) throw error;
  return data;
}
