/**
 * photo-avif: a listing photo's AVIF renditions, encoded by its owner's browser after the
 * upload (docs/decisions/0514-avif-encoded-by-the-browser.md: an Edge Function's CPU cannot
 * pay for the encoding, it can for checking). POST multipart/form-data with the user's JWT:
 * `photoId` and one file per AVIF_WIDTHS, `avif-360` ... . The caller's permission is asked
 * as for a re-crop (listing_photo_upload_target); every file is checked against the stored
 * crop (make-renditions.ts checkAvifRenditions: a still AVIF with nothing but the picture, the
 * size the server would make, the crop's pixels up to compression noise) before any is stored,
 * beside the photo's other renditions, for a year; then the row's `avif` is set. Answers 200
 * { avif: true }, or { error: '<Italian>' }. Nothing the browser sends reaches a visitor
 * unchecked: a refused set leaves the photo its WebP renditions.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { serve } from '../_shared/serve.ts';
import { jsonResponse, preflight } from '../_shared/cors.ts';
import { offThread } from '../_shared/off-thread.ts';
import { createAdminClient, createUserClient } from '../_shared/supabase.ts';
import { rpcErrorResponse, type RpcResult } from '../_shared/user-function.ts';
import * as renditions from '../_shared/image/make-renditions.ts';
import { AVIF_WIDTHS, avifSuffix } from '../_shared/image/renditions.ts';
import { storeRenditions } from '../_shared/image/store-renditions.ts';

const messages = {
  login: 'Devi accedere per caricare foto.',
  failed: 'Caricamento della foto non riuscito: riprova.',
};
const NOT_FOUND = ['listing_not_found', 'photo_not_found'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** One file's cap: a 720 px AVIF of a noisy photo is under 150 KB, and the three stay within a function's 1 MiB body. */
const AVIF_FILE_LIMIT = 300 * 1024;
/** Where a crop may be: the public bucket, or the held one while its listing waits for review (0506). */
const BUCKETS = ['listing_photos', 'listing_photos_held'];

interface PhotoRow {
  listing_id: string;
  renditions: string | null;
  storage_path: string | null;
  avif: boolean;
}

/** The form's photo id and its files by width, or null when one is missing, too large or out of place. */
async function readForm(req: Request): Promise<{ photoId: string; files: { width: number; bytes: Uint8Array }[] } | null> {
  const form = await req.formData().catch(() => null);
  const photoId = form?.get('photoId');
  if (!form || typeof photoId !== 'string' || !UUID.test(photoId)) return null;
  if ([...form.keys()].some((k) => k !== 'photoId' && !AVIF_WIDTHS.some((w) => k === `avif-${w}`))) return null;
  const files = [];
  for (const width of AVIF_WIDTHS) {
    const file = form.get(`avif-${width}`);
    if (!file || typeof file === 'string' || file.size > AVIF_FILE_LIMIT) return null;
    files.push({ width, bytes: new Uint8Array(await file.arrayBuffer()) });
  }
  return { photoId, files };
}

/** The crop's bytes and the bucket it is in, its listing's first; null when it is in neither (deleted meanwhile). */
async function readCrop(admin: SupabaseClient, path: string, first: string): Promise<{ bucket: string; crop: Uint8Array } | null> {
  for (const bucket of [first, ...BUCKETS.filter((b) => b !== first)]) {
    const { data } = await admin.storage.from(bucket).download(path);
    if (data) return { bucket, crop: new Uint8Array(await data.arrayBuffer()) };
  }
  return null;
}

async function storeAvif(req: Request, photoId: string, files: { width: number; bytes: Uint8Array }[]): Promise<Response> {
  const admin = await createAdminClient();
  const { data: row, error } = await admin.from('listing_photos').select('listing_id, renditions, storage_path, avif').eq('id', photoId).maybeSingle<PhotoRow>();
  if (error) throw new Error(error.message);
  if (!row) return jsonResponse({ error: 'Foto non trovata.' }, 404);
  const user = await createUserClient(req);
  const target: RpcResult = await user.rpc('listing_photo_upload_target', { p_listing_id: row.listing_id, p_photo_id: photoId });
  if (target.error) return rpcErrorResponse(target.error, messages, ...NOT_FOUND);
  if (row.avif) return jsonResponse({ avif: true });
  const changed = jsonResponse({ error: 'La foto è cambiata nel frattempo: riprova.' }, 409);
  if (!row.renditions || !row.storage_path) return changed;
  const found = await readCrop(admin, row.storage_path, (target.data as { crop_bucket: string }).crop_bucket);
  if (!found) return changed;
  const verdicts = await offThread(renditions, 'checkAvifRenditions', found.crop, files);
  if (verdicts.some((v) => v.refused)) return jsonResponse({ error: 'Le versioni AVIF non corrispondono alla foto.' }, 422);
  const prefix = row.renditions;
  await storeRenditions(admin, found.bucket, prefix, files.map((f) => ({ suffix: avifSuffix(f.width), bytes: f.bytes, contentType: 'image/avif' })));
  // Only for the renditions these files belong to: a re-crop meanwhile has its own.
  const set = await admin.from('listing_photos').update({ avif: true }).eq('id', photoId).eq('renditions', prefix).select('id');
  if (set.error) throw new Error(set.error.message);
  if (set.data.length) return jsonResponse({ avif: true });
  // Their deletion was queued when the row changed, maybe before they existed: unless a row names them, they go now.
  const named = await admin.from('listing_photos').select('id').eq('renditions', prefix).limit(1);
  if (named.error) throw new Error(named.error.message);
  if (!named.data.length) await admin.storage.from(found.bucket).remove(files.map((f) => `${prefix}${avifSuffix(f.width)}`));
  return changed;
}

serve(async (req) => {
  const pre = preflight(req);
  if (pre) return pre;
  if (req.method !== 'POST') return jsonResponse({ error: 'Metodo non consentito.' }, 405);
  if (!req.headers.get('Authorization')) return jsonResponse({ error: messages.login }, 401);
  const form = await readForm(req);
  if (!form) return jsonResponse({ error: 'Richiesta non valida.' }, 400);
  try {
    return await storeAvif(req, form.photoId, form.files);
  } catch (err) {
    console.error('photo-avif', err);
    return jsonResponse({ error: messages.failed }, 500);
  }
});
