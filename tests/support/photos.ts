/** Listing photos as the listing-photo function stores them, made as service_role for tests about what follows. */
import { expect } from 'vitest';
import { admin } from './db.ts';

/** A minimal JPEG (SOI, JFIF, EOI): storage keeps bytes as they are, only the function checks them. */
export const TINY_JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xd9]);

export interface StoredPhoto {
  id: string;
  url: string;
  crop: string;
  original: string;
}

async function put(bucket: string, path: string): Promise<void> {
  const { error } = await admin().storage.from(bucket).upload(path, TINY_JPEG, { contentType: 'image/jpeg' });
  if (error) throw error;
}

/** Uploads a crop and an original under random names and records them with add_listing_photo, as the function does. */
export async function addPhoto(ownerId: string, listingId: string): Promise<StoredPhoto> {
  const crop = `${ownerId}/${listingId}/${crypto.randomUUID()}.jpg`;
  const original = `${ownerId}/${listingId}/${crypto.randomUUID()}.jpg`;
  await Promise.all([put('listing_photos', crop), put('listing_originals', original)]);
  const { data, error } = await admin().rpc('add_listing_photo', {
    p_user_id: ownerId,
    p_listing_id: listingId,
    p_storage_path: crop,
    p_original_path: original,
  });
  if (error) throw error;
  const row = data as { id: string; url: string };
  return { id: row.id, url: row.url, crop, original };
}

/** Whether a file is still stored (read as service_role). */
export async function stored(bucket: string, path: string): Promise<boolean> {
  const { data, error } = await admin().storage.from(bucket).download(path);
  return !error && !!data;
}

/** Waits until storage-cleanup (asked by the database after commit) has removed every file; fails after `ms`. */
export async function expectRemoved(files: [bucket: string, path: string][], ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  let left = files;
  while (left.length && Date.now() < deadline) {
    left = (await Promise.all(left.map(async (f) => ((await stored(...f)) ? f : null)))).filter((f): f is [string, string] => f !== null);
    if (left.length) await new Promise((r) => setTimeout(r, 100));
  }
  expect(left, 'files still stored').toEqual([]);
}

/** The files of stored photos, crop and original, as expectRemoved takes them. */
export const filesOf = (...photos: StoredPhoto[]): [string, string][] =>
  photos.flatMap((p) => [
    ['listing_photos', p.crop],
    ['listing_originals', p.original],
  ]);
