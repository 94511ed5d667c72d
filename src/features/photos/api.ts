/**
 * listing_photos rows and their files in the listing_photos bucket, under
 * {userId}/{listingId}/. Storage first when removing (a row never names a missing file for
 * long), rows after uploading (a row never names a file not yet there).
 */
import { ApiError, notSignedIn, toApiError, unwrap } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import type { Tables } from '@/lib/database.types.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '@/lib/env.ts';
import { PHOTO_BUCKET } from '@/lib/listingPhotoFiles.ts';
import { supabase } from '@/lib/supabase.ts';
import { CACHE_SECONDS, croppedName, originalName, randomCropName, storagePathOf } from './model.ts';

export type ListingPhoto = Pick<Tables<'listing_photos'>, 'id' | 'url' | 'original_url' | 'is_primary' | 'created_at' | 'storage_path' | 'original_path'>;

/** A chosen photo not yet uploaded: both blobs already have every EXIF/metadata block removed. */
export interface DraftPhoto {
  id: string;
  name: string;
  cropped: Blob;
  original: Blob;
}

const bucket = () => supabase.storage.from(PHOTO_BUCKET);
const publicUrl = (path: string) => bucket().getPublicUrl(path).data.publicUrl;
const extOf = (blob: Blob): 'jpg' | 'png' | 'webp' => (blob.type === 'image/png' ? 'png' : blob.type === 'image/webp' ? 'webp' : 'jpg');

/** The photos of a listing, primary first, then oldest first. */
export async function fetchListingPhotos(listingId: string): Promise<ListingPhoto[]> {
  return unwrap(
    supabase
      .from('listing_photos')
      .select('id, url, original_url, is_primary, created_at, storage_path, original_path')
      .eq('listing_id', listingId)
      .order('is_primary', { ascending: false })
      .order('created_at', { ascending: true }),
  );
}

/** The listing's owner (whose folder holds its files) and whether it is Premium. */
export async function fetchPhotoListing(listingId: string): Promise<{ user_id: string; is_premium: boolean }> {
  return unwrap(supabase.from('listings').select('user_id, is_premium').eq('id', listingId).single());
}

/** A stored original (or, for a photo without one, its crop), to crop again. */
export async function downloadSource(photo: ListingPhoto): Promise<Blob> {
  try {
    const res = await fetch(photo.original_url ?? photo.url, { cache: 'no-store' });
    if (!res.ok) throw await storageFailure(res.status, await res.text());
    return await res.blob();
  } catch (err) {
    throw await toApiError(err);
  }
}

/** A Storage failure as the HTTP answer reported it. */
async function storageFailure(status: number, body: string): Promise<ApiError> {
  let parsed: { message?: string; error?: string; statusCode?: string } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    /* not JSON */
  }
  const statusCode = Number(parsed.statusCode) || status;
  return toApiError({ name: 'StorageApiError', message: parsed.message ?? parsed.error ?? '', status: statusCode }, statusCode);
}

/**
 * Uploads one file to Storage's REST endpoint with the session's token, reporting progress
 * (storage-js's upload has none): what supabase-js sends, a raw body with its content type.
 */
function uploadWithProgress(path: string, blob: Blob, token: string, opts: { cacheSeconds?: number; onProgress?: (fraction: number) => void }): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${SUPABASE_URL}/storage/v1/object/${PHOTO_BUCKET}/${path.split('/').map(encodeURIComponent).join('/')}`);
    xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('apikey', SUPABASE_ANON_KEY);
    xhr.setRequestHeader('content-type', blob.type || 'application/octet-stream');
    xhr.setRequestHeader('cache-control', `max-age=${opts.cacheSeconds ?? CACHE_SECONDS}`);
    xhr.setRequestHeader('x-upsert', 'false');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        opts.onProgress?.(1);
        resolve();
      } else {
        void storageFailure(xhr.status, xhr.responseText).then(reject);
      }
    };
    xhr.onerror = () => void toApiError(new TypeError('Failed to fetch')).then(reject);
    xhr.onabort = xhr.onerror;
    xhr.send(blob);
  });
}

async function accessToken(): Promise<string> {
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw notSignedIn();
  return data.session.access_token;
}

/** Removes files; a failure to clean up is not the user's problem, so it is swallowed (and logged). */
async function removeQuietly(paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  try {
    const { error } = await bucket().remove(paths);
    if (error) console.warn('listing photo cleanup failed', error);
  } catch (err) {
    console.warn('listing photo cleanup failed', err);
  }
}

/**
 * Uploads each draft photo's crop and original under `{userId}/{listingId}/` and inserts its
 * listing_photos row (the database makes the listing's first photo primary). On failure removes
 * the files this call uploaded for the photo that failed and rejects with an ApiError; photos
 * already fully saved stay. onProgress: per photo, 0..1 (crop and original by bytes; 1 once its
 * row is saved).
 */
export async function uploadDraftPhotos(args: {
  userId: string;
  listingId: string;
  photos: DraftPhoto[];
  onProgress?: (photoId: string, fraction: number) => void;
}): Promise<void> {
  const { userId, listingId, photos, onProgress } = args;
  const token = await accessToken();
  const folder = `${userId}/${listingId}`;
  for (const photo of photos) {
    const now = Date.now();
    const cropPath = `${folder}/${croppedName(photo.name, now)}`;
    const originalPath = `${folder}/${originalName(photo.name, extOf(photo.original), now)}`;
    // The files are 95% of the way; the row makes it 1, so 1 means saved.
    const total = (photo.cropped.size + photo.original.size || 1) / 0.95;
    const uploaded: string[] = [];
    onProgress?.(photo.id, 0);
    try {
      await uploadWithProgress(cropPath, photo.cropped, token, {
        onProgress: (f) => onProgress?.(photo.id, (f * photo.cropped.size) / total),
      });
      uploaded.push(cropPath);
      await uploadWithProgress(originalPath, photo.original, token, {
        onProgress: (f) => onProgress?.(photo.id, (photo.cropped.size + f * photo.original.size) / total),
      });
      uploaded.push(originalPath);
      await unwrap(
        supabase.from('listing_photos').insert({
          listing_id: listingId,
          url: publicUrl(cropPath),
          original_url: publicUrl(originalPath),
          storage_path: cropPath,
          original_path: originalPath,
        }),
      );
      onProgress?.(photo.id, 1);
    } catch (err) {
      await removeQuietly(uploaded);
      throw await toApiError(err);
    }
  }
}

/** The object key of a photo's crop and original (the stored paths, else read from the URLs). */
function photoPaths(photo: ListingPhoto): string[] {
  const crop = photo.storage_path ?? storagePathOf(photo.url);
  const original = photo.original_path ?? (photo.original_url ? storagePathOf(photo.original_url) : null);
  return [crop, original].filter((p): p is string => !!p);
}

async function removeFiles(paths: string[]): Promise<void> {
  if (paths.length === 0) return;
  await unwrap(bucket().remove(paths));
}

/** Deletes one photo: its files, then its row (the database promotes the next primary). */
export async function deletePhoto(photo: ListingPhoto): Promise<void> {
  await removeFiles(photoPaths(photo));
  await unwrap(supabase.from('listing_photos').delete().eq('id', photo.id));
}

/**
 * Deletes every photo of a listing: files, rows, then, for a Premium listing, the promotion
 * ends (reset_listing_promotion): the listing stays active without images, at the base level.
 */
export async function deleteAllPhotos(listingId: string, photos: ListingPhoto[]): Promise<void> {
  await removeFiles(photos.flatMap(photoPaths));
  await unwrap(supabase.from('listing_photos').delete().eq('listing_id', listingId));
  const listing = await unwrap(supabase.from('listings').select('is_premium').eq('id', listingId).single());
  if (listing.is_premium) await unwrap(supabase.rpc('reset_listing_promotion', { p_listing_id: listingId }));
}

/** Makes one photo the primary: all of the listing's photos non-primary, then the chosen one. */
export async function setPrimaryPhoto(listingId: string, photoId: string): Promise<void> {
  await unwrap(supabase.from('listing_photos').update({ is_primary: false }).eq('listing_id', listingId));
  await unwrap(supabase.from('listing_photos').update({ is_primary: true }).eq('id', photoId));
}

/**
 * Replaces a photo's crop: the new JPEG under a random name (cache 3600 s), the row's url,
 * then the old file. If the row cannot be updated the new file is removed again.
 */
export async function recropPhoto(args: { userId: string; listingId: string; photo: ListingPhoto; cropped: Blob }): Promise<void> {
  const { userId, listingId, photo, cropped } = args;
  const path = `${userId}/${listingId}/${randomCropName()}`;
  await unwrap(bucket().upload(path, cropped, { cacheControl: String(3600), contentType: 'image/jpeg', upsert: true }));
  try {
    await unwrap(supabase.from('listing_photos').update({ url: publicUrl(path), storage_path: path }).eq('id', photo.id));
  } catch (err) {
    await removeQuietly([path]);
    throw err;
  }
  const old = photo.storage_path ?? storagePathOf(photo.url);
  if (old && old !== path) await removeQuietly([old]);
}

/** The message of an ApiError for the toasts 'Errore durante ...: {message}'. */
export const errorText = (err: unknown): string => (err instanceof ApiError ? err.message : t.photos.errors.generic);
