/**
 * Removing listing photo files from Storage, always before the rows that name them, so no
 * public file outlives its listing. The caller's own
 * client does it, so Storage RLS decides: owners their folders, staff any.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from './database.types.ts';

export const PHOTO_BUCKET = 'listing_photos';

/** A listing's folder in the listing_photos bucket: {userId}/{listingId}/. */
const listingFolder = (userId: string, listingId: string) => `${userId}/${listingId}`;

// Storage lists at most 1,000 entries a call; a listing has at most 5 photos and their originals.
const PAGE = 1000;

/** The entries directly under a folder: files (with an id) and sub-folders (id null). */
async function listFolder(client: SupabaseClient<Database>, folder: string): Promise<{ name: string; id: string | null }[]> {
  const entries: { name: string; id: string | null }[] = [];
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await client.storage.from(PHOTO_BUCKET).list(folder, { limit: PAGE, offset });
    if (error) throw error;
    entries.push(...data);
    if (data.length < PAGE) return entries;
  }
}

async function removePaths(client: SupabaseClient<Database>, paths: string[]): Promise<void> {
  for (let i = 0; i < paths.length; i += PAGE) {
    const { error } = await client.storage.from(PHOTO_BUCKET).remove(paths.slice(i, i + PAGE));
    if (error) throw error;
  }
}

/** Removes every file of one listing. */
export async function removeListingFiles(client: SupabaseClient<Database>, userId: string, listingId: string): Promise<void> {
  const folder = listingFolder(userId, listingId);
  const files = (await listFolder(client, folder)).filter((e) => e.id !== null);
  await removePaths(client, files.map((f) => `${folder}/${f.name}`));
}

/**
 * Removes a listing's files before its row is deleted; a failure only warns (the listing goes
 * anyway, as the owner asked). Resolves with whether the cleanup failed, for the screen to say so.
 */
export async function removeListingFilesBeforeDelete(client: SupabaseClient<Database>, userId: string, listingId: string): Promise<{ cleanupFailed: boolean }> {
  try {
    await removeListingFiles(client, userId, listingId);
    return { cleanupFailed: false };
  } catch (err) {
    console.warn('listing photo cleanup failed', err);
    return { cleanupFailed: true };
  }
}

/** Removes every file of every listing of a user (account deletion). */
export async function removeUserFiles(client: SupabaseClient<Database>, userId: string): Promise<void> {
  const entries = await listFolder(client, userId);
  for (const listing of entries.filter((e) => e.id === null)) await removeListingFiles(client, userId, listing.name);
  await removePaths(client, entries.filter((e) => e.id !== null).map((f) => `${userId}/${f.name}`));
}
