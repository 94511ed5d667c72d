/**
 * Demo photos: for every seeded listing (supabase/seed/data.ts) that has no photos yet,
 * draws abstract / illustrated pictures (art.ts: never people), renders them with sharp
 * into a 1000x1000 "original" and its 4:5 crop (800x1000), uploads the crop to the public
 * listing_photos bucket and the original to the private listing_originals bucket, both at
 * {userId}/{listingId}/{random uuid}.jpg, and records them in listing_photos and
 * listing_photo_originals, with each photo's perceptual hashes (the upload path's uploadHashes:
 * the crop's variants and the original's) in listing_photo_hashes, and the crop's renditions and
 * placeholder (issue 44) beside it and in its row: the upload path's uploadWork, on worker
 * threads (the local platform's off-thread pool), kept on disk between seeds by
 * rendition-cache.ts. Premium listings get 5 photos, base listings 1-3. The listing held as a
 * duplicate (HELD_LISTINGS) gets, as its first photo, a resized copy of another account's demo
 * photo, stored after every other listing's and recorded through record_photo_hash as an upload
 * is, which holds it with both photos and their distance. Idempotent:
 * listings that already have photos are skipped. Only supabase-js calls, so it works against
 * the local platform and a real Supabase project alike (service role key: no client may
 * write to these buckets or tables).
 *
 *   SUPABASE_URL=… SUPABASE_SERVICE_ROLE_KEY=… npx tsx supabase/seed/photos.ts
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import ws from 'ws';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { artSvg, CROP } from './art.ts';
import { ALL_LISTINGS, HELD_LISTINGS } from './data.ts';
import { cachedUploadWork } from './rendition-cache.ts';
import * as hashTask from '../functions/listing-photo/hash-task.ts';
import type { PhotoHashRecord } from '../functions/listing-photo/hash-task.ts';
import { offThread } from '../functions/_shared/off-thread.ts';
import * as renditionsTask from '../functions/_shared/image/make-renditions.ts';
import type { RenditionFile, Renditions } from '../functions/_shared/image/make-renditions.ts';
import { RENDITION_SUFFIXES } from '../functions/_shared/image/renditions.ts';
import { storeRenditions as storeEvery } from '../functions/_shared/image/store-renditions.ts';
import { useOffThreadPool } from '../local/src/functions/off-thread.ts';

export const PHOTO_BUCKET = 'listing_photos';
export const ORIGINAL_BUCKET = 'listing_originals';
/** What the seed stores per photo: the crop, the original and the crop's renditions. */
export const FILES_PER_PHOTO = 2 + RENDITION_SUFFIXES.length;

export interface SeedPhotosOptions {
  url: string;
  serviceRoleKey: string;
  log?: (s: string) => void;
  /** listings processed at once (default: the number of CPUs, at least 2, at most 4) */
  concurrency?: number;
  /** only these seeded listing ids (tests) */
  only?: string[];
}

interface ListingRow {
  id: string;
  user_id: string;
  city: string;
  zone: string | null;
  category: string;
  is_premium: boolean;
}

/** The JPEGs of one demo picture: the square original and its 4:5 crop. */
export async function renderPhoto(input: { listingId: string; index: number; city: string; zone?: string | null; category?: string }) {
  const svg = artSvg(input);
  const { data, info } = await sharp(Buffer.from(svg)).raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const [original, cropped] = await Promise.all([
    sharp(data, raw).jpeg({ quality: 82, optimiseCoding: false }).toBuffer(),
    sharp(data, raw).extract(CROP).jpeg({ quality: 88, optimiseCoding: false }).toBuffer(),
  ]);
  return { original, cropped };
}

/** How many photos a seeded listing gets: premium 5, base its planned 1-3. */
export function photoCountFor(listingId: string, isPremium: boolean): number {
  if (isPremium) return 5;
  return ALL_LISTINGS.find((l) => l.id === listingId)?.photoCount ?? 1;
}

async function withRetry<T>(what: string, fn: () => Promise<T>, attempts = 3): Promise<T> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await fn();
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 200 * (i + 1)));
    }
  }
  throw new Error(`${what}: ${(last as Error)?.message ?? String(last)}`);
}

/** `fn` on every item, `concurrency` at a time, in order; also the backfill's. */
export async function eachAtOnce<T>(items: readonly T[], concurrency: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

/** A new key in the listing's folder: random, so no name can be guessed or tells who uploaded what. */
export const photoKey = (userId: string, listingId: string) => `${userId}/${listingId}/${randomUUID()}.jpg`;

function upload(supabase: SupabaseClient, bucket: string, path: string, bytes: Uint8Array) {
  return withRetry(`upload ${bucket}/${path}`, async () => {
    // upsert: a retry after an attempt that did store the file (but failed to answer) must not get 409
    const { error } = await supabase.storage.from(bucket).upload(path, bytes, { contentType: 'image/jpeg', upsert: true, cacheControl: '3600' });
    if (error) throw error;
  });
}

/** The upload path's storeRenditions, retried as the seed's other files are; also the backfill's. */
export const storeRenditions = (supabase: SupabaseClient, bucket: string, prefix: string, files: readonly RenditionFile[]) =>
  withRetry(`upload renditions ${bucket}/${prefix}`, () => storeEvery(supabase, bucket, prefix, files));

/**
 * makeRenditions and makeAvifRenditions on worker threads when a pool is up (seedPhotos starts
 * one), inline otherwise: every file, the AVIF ones last.
 */
export async function makeAllRenditionsOffThread(crop: Uint8Array): Promise<Renditions> {
  const [r, avif] = await Promise.all([offThread(renditionsTask, 'makeRenditions', crop), makeAvifOffThread(crop)]);
  return { ...r, files: [...r.files, ...avif] };
}

/** makeAvifRenditions on a worker thread when a pool is up: the AVIF ones a browser would send (0514). */
export const makeAvifOffThread = (crop: Uint8Array) => offThread(renditionsTask, 'makeAvifRenditions', crop);

/**
 * A listing's i-th picture; the held duplicate's first one is a copy of another account's demo
 * photo (the same art as that listing's photo), shrunk to 70 % and re-compressed, as someone
 * who saved it from the site would upload it.
 */
async function pictureFor(l: ListingRow, i: number) {
  const copyOf = HELD_LISTINGS.find((h) => h.id === l.id)?.copyOf;
  if (!copyOf || i !== copyOf.index) return renderPhoto({ listingId: l.id, index: i, city: l.city, zone: l.zone, category: l.category });
  const source = ALL_LISTINGS.find((x) => x.id === copyOf.listingId)!;
  const { original, cropped } = await renderPhoto({ listingId: source.id, index: copyOf.index, city: source.city, zone: source.zone, category: source.category });
  const shrink = (bytes: Buffer, width: number) => sharp(bytes).resize({ width: Math.round(width * 0.7) }).jpeg({ quality: 70 }).toBuffer();
  return { original: await shrink(original, 1000), cropped: await shrink(cropped, CROP.width) };
}

/**
 * Each crop's pHash, as the upload path computes it. A held listing's go through
 * record_photo_hash (the upload path's own step: a copy of another account's photo holds it);
 * the public demo's are written as they are, since the seed is no advertiser's upload (bannato@'s
 * upheld reports would otherwise send his photos back to review).
 */
async function recordHashes(supabase: SupabaseClient, l: ListingRow, hashes: { photo_id: string; created_at: string; hashes: PhotoHashRecord }[]) {
  if (HELD_LISTINGS.some((h) => h.id === l.id)) {
    for (const { photo_id, hashes: p_hashes } of hashes) {
      const { error } = await supabase.rpc('record_photo_hash', { p_photo_id: photo_id, p_hashes });
      if (error) throw new Error(`record_photo_hash for ${l.id}: ${error.message}`);
    }
    return;
  }
  const rows = hashes.flatMap((h) => Object.entries(h.hashes).map(([variant, hash]) => (
    { photo_id: h.photo_id, variant, listing_id: l.id, user_id: l.user_id, created_at: h.created_at, phash: BigInt.asIntN(64, BigInt(`0x${hash}`)).toString() })));
  if (!rows.length) return;
  const { error } = await supabase.from('listing_photo_hashes').insert(rows);
  if (error) throw new Error(`listing_photo_hashes insert for ${l.id}: ${error.message}`);
}

// Files are uploaded before their rows: a run interrupted in between leaves files no row names,
// which the daily sweep (queue_orphan_storage_files) queues for deletion after a day.
async function seedListing(supabase: SupabaseClient, l: ListingRow): Promise<number> {
  const count = photoCountFor(l.id, l.is_premium);
  const photos: Record<string, unknown>[] = [];
  const originals: { photo_id: string; listing_id: string; storage_path: string }[] = [];
  const hashes: { photo_id: string; created_at: string; hashes: PhotoHashRecord }[] = [];
  const base = Date.now() - count * 1000;
  for (let i = 0; i < count; i++) {
    const { original, cropped } = await pictureFor(l, i);
    const [crop, whole] = [new Uint8Array(cropped), new Uint8Array(original)];
    const work = await cachedUploadWork(crop, whole, async (c, o) => {
      const [upload, avif] = await Promise.all([offThread(hashTask, 'uploadWork', c, o), makeAvifOffThread(c)]);
      return upload === 'broken' ? upload : { ...upload, renditions: { ...upload.renditions, files: [...upload.renditions.files, ...avif] } };
    });
    if (work === 'broken') throw new Error(`photo ${i} does not decode`);
    const { hashes: found, renditions } = work;
    const id = randomUUID();
    const path = photoKey(l.user_id, l.id);
    const originalPath = photoKey(l.user_id, l.id);
    // In the public bucket, as the crop: a held listing's renditions move with its crop (listing_photos_queue_moves).
    const prefix = `${l.user_id}/${l.id}/${renditions.key}`;
    await Promise.all([
      upload(supabase, PHOTO_BUCKET, path, crop),
      upload(supabase, ORIGINAL_BUCKET, originalPath, whole),
      storeRenditions(supabase, PHOTO_BUCKET, prefix, renditions.files),
    ]);
    photos.push({
      id,
      listing_id: l.id,
      url: supabase.storage.from(PHOTO_BUCKET).getPublicUrl(path).data.publicUrl,
      is_primary: i === 0,
      storage_path: path,
      renditions: prefix,
      placeholder: renditions.placeholder,
      // Made above with the others: photo-avif is not asked.
      avif: true,
      // distinct, increasing times: the app orders by is_primary desc, created_at asc
      created_at: new Date(base + i * 1000).toISOString(),
    });
    originals.push({ photo_id: id, listing_id: l.id, storage_path: originalPath });
    hashes.push({ photo_id: id, created_at: photos[i]!.created_at as string, hashes: found });
  }
  const inserted = await supabase.from('listing_photos').insert(photos);
  if (inserted.error) throw new Error(`listing_photos insert for ${l.id}: ${inserted.error.message}`);
  const { error } = await supabase.from('listing_photo_originals').insert(originals);
  if (error) {
    // Photos without originals would count as done on the next run: drop them (their crops are
    // queued for deletion by trigger) so that run starts this listing over.
    await supabase.from('listing_photos').delete().in('id', originals.map((o) => o.photo_id));
    throw new Error(`listing_photo_originals insert for ${l.id}: ${error.message}`);
  }
  await recordHashes(supabase, l, hashes);
  return count * FILES_PER_PHOTO;
}

/**
 * Generates and uploads the demo photos. Returns how many files were uploaded and how many
 * listings failed (each failure is logged; a listing that failed gets its photos on the next
 * run). Throws only when the database cannot be read at all.
 */
export async function seedPhotos(opts: SeedPhotosOptions): Promise<{ uploaded: number; failed: number }> {
  const log = opts.log ?? (() => undefined);
  const started = performance.now();
  const supabase = createClient(opts.url, opts.serviceRoleKey, {
    realtime: { transport: ws as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  const ids = ALL_LISTINGS.map((l) => l.id).filter((id) => !opts.only || opts.only.includes(id));
  const listings = await supabase.from('listings').select('id, user_id, city, zone, category, is_premium').in('id', ids);
  if (listings.error) throw new Error(`seedPhotos: reading listings failed: ${listings.error.message}`);
  const photos = await supabase.from('listing_photos').select('listing_id').in('listing_id', ids);
  if (photos.error) throw new Error(`seedPhotos: reading listing_photos failed: ${photos.error.message}`);
  const done = new Set((photos.data ?? []).map((p) => p.listing_id as string));
  const isCopy = (l: ListingRow) => HELD_LISTINGS.some((h) => h.id === l.id && h.copyOf);
  const todo = ((listings.data ?? []) as ListingRow[]).filter((l) => !done.has(l.id));
  if (!todo.length) {
    log('demo photos already present');
    return { uploaded: 0, failed: 0 };
  }

  const concurrency = opts.concurrency ?? Math.min(4, Math.max(2, availableParallelism()));
  const releasePool = useOffThreadPool();
  let uploaded = 0;
  const failures: string[] = [];
  const run = (batch: ListingRow[]) =>
    eachAtOnce(batch, concurrency, async (l) => {
      try {
        const n = await seedListing(supabase, l); // not `uploaded += await …`, which reads it before the await
        uploaded += n;
      } catch (err) {
        failures.push(`${l.id}: ${(err as Error).message}`);
      }
    });
  try {
    // Copies of another listing's photo after all the others, so the photo they copy is hashed.
    await run(todo.filter((l) => !isCopy(l)));
    await run(todo.filter(isCopy));
  } finally {
    await releasePool();
  }
  log(`demo photos: ${uploaded} files for ${todo.length - failures.length} listings in ${Math.round(performance.now() - started)} ms`);
  if (failures.length) {
    const report = `demo photos: ${failures.length} listing(s) failed:\n  ${failures.join('\n  ')}`;
    if (opts.log) log(report);
    else console.warn(`[seed] ${report}`);
  }
  return { uploaded, failed: failures.length };
}

// CLI: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY from the environment.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = process.env.SUPABASE_URL ?? process.env.VITE_SUPABASE_URL;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  if (!url || !key) {
    console.error('Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY.');
    process.exit(2);
  }
  seedPhotos({ url, serviceRoleKey: key, log: (s) => console.log(`[seed] ${s}`) })
    .then(({ uploaded, failed }) => {
      console.log(`[seed] ${uploaded} files uploaded`);
      process.exit(failed ? 1 : 0);
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
