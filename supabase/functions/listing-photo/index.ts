/**
 * listing-photo: the one way a photo file reaches Storage. POST multipart/form-data with the
 * user's JWT: `listingId`, `photoId` (a re-crop of that photo), the file `photo` (the 4:5 crop)
 * and, for a new photo only, the file `original`. The caller's permission is asked first
 * (listing_photo_upload_target: ban, ownership, the photo cap), so nothing is stored for a
 * refused caller; the files are checked and cleaned (clean-file.ts), stored with the service
 * role under random names (the crop in the bucket the listing's review asks for) beside the
 * crop's renditions (issue 44: named by the crop's bytes, cached for a year), and the rows
 * written by add_listing_photo / replace_listing_photo_crop (which check again). Answers 201
 * { photo } (a re-crop 200) or { error: '<Italian>' }.
 *
 * `kind=selfie` with `verificationId` and the file `photo`: the selfie of a photo
 * verification, through the same checks and cleaning, into the private verification_selfies
 * bucket that only staff read (verification_selfie_upload_target, then
 * attach_verification_selfie). Answers 201 { verification }.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { serve } from '../_shared/serve.ts';
import { jsonResponse, preflight } from '../_shared/cors.ts';
import { createAdminClient, createUserClient } from '../_shared/supabase.ts';
import { rpcErrorResponse, type RpcResult } from '../_shared/user-function.ts';
import { storeRenditions } from '../_shared/image/store-renditions.ts';
import { cleanFile, CROP_LIMIT, PHOTO_LIMIT, Refusal, type CleanFile, type SizeLimit } from './clean-file.ts';
import { cropWork } from './crop-hash.ts';

const messages = {
  login: 'Devi accedere per caricare foto.',
  failed: 'Caricamento della foto non riuscito: riprova.',
};
const NOT_FOUND = ['listing_not_found', 'photo_not_found', 'verification_not_found'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Upload {
  listingId: string;
  photoId: string | null;
  photo: File;
  original: File | null;
}

const isId = (v: unknown): v is string => typeof v === 'string' && UUID.test(v);
const isFile = (v: unknown): v is File => v !== null && typeof v === 'object';

/** The form's fields, or null when one is missing, malformed or out of place (an original with a re-crop). */
function readForm(form: FormData): Upload | null {
  const [listingId, photoId, photo, original] = ['listingId', 'photoId', 'photo', 'original'].map((k) => form.get(k));
  if (!isId(listingId) || (photoId !== null && !isId(photoId)) || !isFile(photo)) return null;
  if (photoId === null ? !isFile(original) : original !== null) return null;
  return { listingId, photoId, photo, original: isFile(original) ? original : null };
}

interface Selfie {
  verificationId: string;
  photo: File;
}

/** The selfie form's fields, or null when one is missing or malformed. */
function readSelfieForm(form: FormData): Selfie | null {
  const [verificationId, photo] = ['verificationId', 'photo'].map((k) => form.get(k));
  if (!isId(verificationId) || !isFile(photo)) return null;
  return { verificationId, photo };
}

type Stored = [bucket: string, path: string][];

/** Stores each file under a random name in the listing's folder; if one fails, removes the others and throws. */
async function storeFiles(admin: SupabaseClient, folder: string, files: [bucket: string, file: CleanFile][]): Promise<Stored> {
  const stored: Stored = files.map(([bucket, file]) => [bucket, `${folder}/${crypto.randomUUID()}.${file.ext}`]);
  const results = await Promise.all(
    files.map(([bucket, file], i) =>
      admin.storage.from(bucket).upload(stored[i]![1], file.bytes, { contentType: file.contentType, cacheControl: '3600', upsert: false }),
    ),
  );
  const failed = results.find((r) => r.error)?.error;
  if (failed) {
    await removeFiles(admin, stored);
    throw failed;
  }
  return stored;
}

/** Best effort: a file left behind has no row, so the daily sweep removes it. */
async function removeFiles(admin: SupabaseClient, stored: Stored): Promise<void> {
  await Promise.all(stored.map(([bucket, path]) => admin.storage.from(bucket).remove([path])));
}

async function upload(req: Request, u: Upload): Promise<Response> {
  const user = await createUserClient(req);
  const target: RpcResult = await user.rpc('listing_photo_upload_target', { p_listing_id: u.listingId, p_photo_id: u.photoId });
  if (target.error) return rpcErrorResponse(target.error, messages, ...NOT_FOUND);
  // crop_bucket: the public bucket for an approved listing, the private held one while it waits or was refused.
  const { user_id: userId, crop_bucket: cropBucket } = target.data as { user_id: string; crop_bucket: string };

  const sources: [string, File, SizeLimit][] = [[cropBucket, u.photo, CROP_LIMIT]];
  if (u.original) sources.push(['listing_originals', u.original, PHOTO_LIMIT]);
  const files = await Promise.all(sources.map(async ([bucket, file, limit]): Promise<[string, CleanFile]> => [bucket, await cleanFile(file, limit)]));
  // The duplicate check's pHashes (the crop's variants, the original's) and the renditions,
  // from the very bytes stored (never ones a browser sends).
  const { hashes, renditions } = await cropWork(files[0]![1], files[1]?.[1] ?? null);

  const admin = await createAdminClient();
  const folder = `${userId}/${u.listingId}`;
  const prefix = `${folder}/${renditions.key}`;
  // Renditions are never removed here (another photo of the same crop may share them): a file
  // no row names goes with the daily sweep.
  const [stored, renditionsFailed] = await Promise.all([
    storeFiles(admin, folder, files),
    storeRenditions(admin, cropBucket, prefix, renditions.files).then(() => null, (err: Error) => err),
  ]);
  if (renditionsFailed) {
    await removeFiles(admin, stored);
    throw renditionsFailed;
  }
  const cropPath = stored[0]![1];
  const made = { p_renditions: prefix, p_placeholder: renditions.placeholder };
  const row: RpcResult = u.photoId
    ? await admin.rpc('replace_listing_photo_crop', { p_user_id: userId, p_photo_id: u.photoId, p_storage_path: cropPath, ...made })
    : await admin.rpc('add_listing_photo', { p_user_id: userId, p_listing_id: u.listingId, p_storage_path: cropPath, p_original_path: stored[1]?.[1], ...made });
  if (row.error) {
    await removeFiles(admin, stored);
    return rpcErrorResponse(row.error, messages, ...NOT_FOUND);
  }
  const { id, url, is_primary, storage_path, created_at, renditions: names, placeholder } = row.data as Record<string, unknown>;
  // A photo within the threshold of another account's, or any new photo of an advertiser not
  // yet trusted, holds the listing for review (a flat picture has no hash: {}).
  const checked: RpcResult = await admin.rpc('record_photo_hash', { p_photo_id: id, p_hashes: hashes });
  if (checked.error) {
    // No photo is kept unchecked: the row goes (its trigger queues the files), the caller retries.
    await admin.from('listing_photos').delete().eq('id', id);
    throw new Error(checked.error.message);
  }
  // The app tells the owner why the listing now waits: a distance means another account's photo (issue 40).
  const { review_status, distance } = checked.data as { review_status: string; distance: number | null };
  return jsonResponse({ photo: { id, url, is_primary, storage_path, created_at, renditions: names, placeholder }, review_status, distance }, u.photoId ? 200 : 201);
}

/** A verification selfie: permission first, then the cleaned file under a random name in the private bucket. */
async function uploadSelfie(req: Request, u: Selfie): Promise<Response> {
  const user = await createUserClient(req);
  const target: RpcResult = await user.rpc('verification_selfie_upload_target', { p_verification_id: u.verificationId });
  if (target.error) return rpcErrorResponse(target.error, messages, ...NOT_FOUND);
  const { user_id: userId, listing_id: listingId } = target.data as { user_id: string; listing_id: string };
  const file = await cleanFile(u.photo);
  const admin = await createAdminClient();
  const stored = await storeFiles(admin, `${userId}/${listingId}`, [['verification_selfies', file]]);
  const row: RpcResult = await admin.rpc('attach_verification_selfie', { p_user_id: userId, p_verification_id: u.verificationId, p_path: stored[0]![1] });
  if (row.error) {
    await removeFiles(admin, stored);
    return rpcErrorResponse(row.error, messages, ...NOT_FOUND);
  }
  const { id, status, submitted_at } = row.data as Record<string, unknown>;
  return jsonResponse({ verification: { id, status, submitted_at } }, 201);
}

/** The request's body as the upload it asks for, or null when it is not a valid form. */
async function readRequest(req: Request): Promise<{ selfie: Selfie } | { photo: Upload } | null> {
  const form = await req.formData().catch(() => null);
  if (!form) return null;
  if (form.get('kind') === 'selfie') {
    const selfie = readSelfieForm(form);
    return selfie && { selfie };
  }
  const photo = readForm(form);
  return photo && { photo };
}

serve(async (req) => {
  const pre = preflight(req);
  if (pre) return pre;
  if (req.method !== 'POST') return jsonResponse({ error: 'Metodo non consentito.' }, 405);
  if (!req.headers.get('Authorization')) return jsonResponse({ error: messages.login }, 401);
  const form = await readRequest(req);
  if (!form) return jsonResponse({ error: 'Richiesta non valida.' }, 400);
  try {
    return 'selfie' in form ? await uploadSelfie(req, form.selfie) : await upload(req, form.photo);
  } catch (err) {
    if (err instanceof Refusal) return jsonResponse({ error: err.message }, err.status);
    console.error('listing-photo', err);
    return jsonResponse({ error: messages.failed }, 500);
  }
});
