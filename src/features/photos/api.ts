/**
 * A listing's photos. Files reach Storage only through the Edge Function `listing-photo` (it
 * checks and cleans the bytes, names the file and writes the row; clients cannot write the
 * buckets). Deleting is deleting rows: the database queues their files and a job removes them.
 */
import { ApiError, notSignedIn, toApiError, unwrap } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import type { Tables } from '@/lib/database.types.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '@/lib/env.ts';
import { supabase } from '@/lib/supabase.ts';
import { encodeAvifRenditions } from './avif.ts';
import { uploadReview, type UploadAnswer, type UploadReview } from './model.ts';

export type ListingPhoto = Pick<Tables<'listing_photos'>, 'id' | 'url' | 'is_primary' | 'created_at'>;

/** A chosen photo not yet uploaded: both blobs already have every EXIF/metadata block removed. */
export interface DraftPhoto {
  id: string;
  cropped: Blob;
  original: Blob;
}

/** The private bucket of the uncropped originals, read through short-lived signed URLs. */
const ORIGINALS_BUCKET = 'listing_originals';
const SIGNED_URL_SECONDS = 60;
const UPLOAD_URL = `${SUPABASE_URL}/functions/v1/listing-photo`;
const AVIF_URL = `${SUPABASE_URL}/functions/v1/photo-avif`;

/** The photos of a listing, primary first, then oldest first. */
export async function fetchListingPhotos(listingId: string): Promise<ListingPhoto[]> {
  return unwrap(
    supabase
      .from('listing_photos')
      .select('id, url, is_primary, created_at')
      .eq('listing_id', listingId)
      .order('is_primary', { ascending: false })
      .order('created_at', { ascending: true }),
  );
}

/** Where to read the picture to crop again: a signed URL of its original, or its crop when it has none. */
async function sourceUrl(photo: ListingPhoto): Promise<string> {
  const original = await unwrap(supabase.from('listing_photo_originals').select('storage_path').eq('photo_id', photo.id).maybeSingle());
  if (!original) return photo.url;
  const signed = await unwrap(supabase.storage.from(ORIGINALS_BUCKET).createSignedUrl(original.storage_path, SIGNED_URL_SECONDS));
  return signed.signedUrl;
}

/** A stored original (or, for a photo without one, its crop), to crop again. */
export async function downloadSource(photo: ListingPhoto): Promise<Blob> {
  const url = await sourceUrl(photo);
  try {
    const res = await fetch(url, { cache: 'no-store' });
    if (!res.ok) throw await toApiError({ name: 'StorageApiError', message: '', status: res.status }, res.status);
    return await res.blob();
  } catch (err) {
    throw await toApiError(err);
  }
}

async function accessToken(): Promise<string> {
  const { data } = await supabase.auth.getSession();
  if (!data.session) throw notSignedIn();
  return data.session.access_token;
}

/** The function's refusal (`{error: 'Italian'}`) read as functions-js would report it. */
function functionFailure(status: number, body: string): Promise<ApiError> {
  if (status < 200) return toApiError(new TypeError('Failed to fetch'));
  return toApiError({ name: 'FunctionsHttpError', context: new Response(body, { status }) });
}

/** The function's JSON answer, or an empty one when the body is not JSON. */
function answerOf(body: string): UploadAnswer {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/**
 * Posts a multipart form to `listing-photo` with XMLHttpRequest, for the upload progress fetch
 * does not report; resolves with the function's answer once it has stored the file and saved the row.
 */
function postPhoto(form: FormData, onProgress?: (fraction: number) => void): Promise<UploadAnswer> {
  return accessToken().then(
    (token) =>
      new Promise<UploadAnswer>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', UPLOAD_URL);
        xhr.setRequestHeader('authorization', `Bearer ${token}`);
        xhr.setRequestHeader('apikey', SUPABASE_ANON_KEY);
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable && e.total > 0) onProgress?.(e.loaded / e.total);
        };
        xhr.onload = () => {
          if (xhr.status >= 200 && xhr.status < 300) resolve(answerOf(xhr.responseText));
          else void functionFailure(xhr.status, xhr.responseText).then(reject);
        };
        xhr.onerror = () => void functionFailure(0, '').then(reject);
        xhr.onabort = xhr.onerror;
        xhr.send(form);
      }),
  );
}

/**
 * Issue 44: the AVIF renditions of a photo just stored, encoded here (an Edge Function's CPU
 * cannot afford it) and posted to `photo-avif`, which checks them against the crop before
 * storing them. `crop` is the JPEG that was uploaded. Resolves true once they are stored and
 * false on any failure, never rejecting: a photo without AVIF keeps its WebP renditions, and
 * the owner is not told.
 */
export async function sendAvifRenditions(photoId: string, crop: Blob): Promise<boolean> {
  try {
    const renditions = await encodeAvifRenditions(crop);
    if (!renditions.length) return false;
    const form = new FormData();
    form.append('photoId', photoId);
    for (const { width, blob } of renditions) form.append(`avif-${width}`, blob, `foto-${width}.avif`);
    const token = await accessToken();
    const res = await fetch(AVIF_URL, { method: 'POST', headers: { authorization: `Bearer ${token}`, apikey: SUPABASE_ANON_KEY }, body: form });
    if (!res.ok) return false;
    const answer: unknown = await res.json();
    return typeof answer === 'object' && answer !== null && 'avif' in answer && answer.avif === true;
  } catch {
    return false;
  }
}

/** The id of the photo the function stored, from its answer. */
const storedPhotoId = (answer: UploadAnswer): string | null => (typeof answer.photo?.id === 'string' ? answer.photo.id : null);

// The bytes are 95% of the way; the function's answer (file stored, row saved) makes it 1.
const SENT = 0.95;

/**
 * Uploads each draft photo (its crop and its original) to the listing, in order; the database
 * makes the listing's first photo primary. Stops at the first failure with an ApiError carrying
 * the server's Italian message; photos already saved stay. onProgress: per photo, 0..1, where 1
 * means saved. Resolves with what the uploads did to the listing's review (issue 40).
 */
export async function uploadDraftPhotos(args: {
  listingId: string;
  photos: DraftPhoto[];
  onProgress?: (photoId: string, fraction: number) => void;
}): Promise<UploadReview> {
  const { listingId, photos, onProgress } = args;
  const answers: UploadAnswer[] = [];
  for (const photo of photos) {
    const form = new FormData();
    form.append('listingId', listingId);
    // Fixed part names: the uploader's file name (which can carry a real name) never leaves the phone.
    form.append('photo', photo.cropped, 'foto.jpg');
    form.append('original', photo.original, 'originale');
    onProgress?.(photo.id, 0);
    const answer = await postPhoto(form, (f) => onProgress?.(photo.id, f * SENT));
    answers.push(answer);
    onProgress?.(photo.id, 1);
    // In the background: the upload neither waits for nor hears about the AVIF files.
    const stored = storedPhotoId(answer);
    if (stored) void sendAvifRenditions(stored, photo.cropped);
  }
  return uploadReview(answers);
}

/** Replaces a photo's crop with a new one cut from its original; the old crop file is queued for removal. */
export async function recropPhoto(args: { listingId: string; photoId: string; cropped: Blob }): Promise<UploadReview> {
  const form = new FormData();
  form.append('listingId', args.listingId);
  form.append('photoId', args.photoId);
  form.append('photo', args.cropped, 'foto.jpg');
  const answer = await postPhoto(form);
  // The new crop's AVIF files, in the background: the re-crop neither waits for nor hears about them.
  void sendAvifRenditions(args.photoId, args.cropped);
  return uploadReview([answer]);
}

/**
 * Sends the selfie of a photo verification (issue 26) through the same upload path: the
 * function checks and cleans it and stores it where only staff can read it.
 */
export async function uploadVerificationSelfie(args: { verificationId: string; file: Blob; onProgress?: (fraction: number) => void }): Promise<void> {
  const form = new FormData();
  form.append('kind', 'selfie');
  form.append('verificationId', args.verificationId);
  form.append('photo', args.file, 'selfie.jpg');
  await postPhoto(form, args.onProgress);
}

/** Deletes one photo's row (the database promotes the next primary and queues its files). */
export async function deletePhoto(photoId: string): Promise<void> {
  await unwrap(supabase.from('listing_photos').delete().eq('id', photoId));
}

/**
 * Deletes every photo of a listing, then, for a Premium listing, ends the promotion
 * (reset_listing_promotion): the listing stays active without images, at the base level.
 */
export async function deleteAllPhotos(listingId: string): Promise<void> {
  await unwrap(supabase.from('listing_photos').delete().eq('listing_id', listingId));
  const listing = await unwrap(supabase.from('listings').select('is_premium').eq('id', listingId).single());
  if (listing.is_premium) await unwrap(supabase.rpc('reset_listing_promotion', { p_listing_id: listingId }));
}

/** Makes one photo the primary: all of the listing's photos non-primary, then the chosen one. */
export async function setPrimaryPhoto(listingId: string, photoId: string): Promise<void> {
  await unwrap(supabase.from('listing_photos').update({ is_primary: false }).eq('listing_id', listingId));
  await unwrap(supabase.from('listing_photos').update({ is_primary: true }).eq('id', photoId));
}

/** The message of an ApiError for the toasts 'Errore durante ...: {message}'. */
export const errorText = (err: unknown): string => (err instanceof ApiError ? err.message : t.photos.errors.generic);
