/**
 * Renditions and placeholders (issue 44) for the photos stored before them: every
 * listing_photos row whose `renditions` is null gets, from its crop, the files an upload and
 * photo-avif make (the same makeRenditions and makeAvifRenditions, on worker threads), stored
 * beside the crop in its bucket (public, or the held one while its listing waits for review),
 * then its `renditions`, `placeholder` and `avif`. Then every row with renditions but no AVIF
 * ones (its owner's browser never sent them, or they were refused) gets them, made here.
 * Only supabase-js with the service role, so it runs against a real project as well as the
 * local platform:
 *
 *   SUPABASE_URL=https://<ref>.supabase.co SUPABASE_SERVICE_ROLE_KEY=<key> npx tsx scripts/backfill-renditions.ts [--dry-run] [--batch 100]
 *
 * Resumable: a photo's files are stored before its row is written, in one update of both
 * columns, so a stop at any point leaves each row untouched or complete, and a new run takes the
 * rows still without renditions (files stored for a row never written are the same names again,
 * or, left over, the daily sweep's). The update only lands on the row as it was read (the same
 * crop, still without renditions): a photo re-cropped or deleted meanwhile keeps what it has,
 * and the files made for it are removed unless another row names them. `--dry-run` only counts.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import ws from 'ws';
import { AVIF_SUFFIXES, RENDITION_SUFFIXES } from '../supabase/functions/_shared/image/renditions.ts';
import { useOffThreadPool } from '../supabase/local/src/functions/off-thread.ts';
import { eachAtOnce, makeAllRenditionsOffThread, makeAvifOffThread, PHOTO_BUCKET, storeRenditions } from '../supabase/seed/photos.ts';

const HELD_BUCKET = 'listing_photos_held';

export interface BackfillOptions {
  url: string;
  serviceRoleKey: string;
  /** rows read at a time (default 100) */
  batchSize?: number;
  /** photos in work at once (default: the number of CPUs, at least 2) */
  concurrency?: number;
  /** count what would be done, change nothing */
  dryRun?: boolean;
  /** only these listings' photos (tests) */
  listingIds?: string[];
  log?: (line: string) => void;
}

export interface BackfillResult {
  /** photos without renditions when the run started */
  total: number;
  /** given renditions by this run */
  processed: number;
  /** changed meanwhile (re-cropped, deleted, done by another run): left as they were */
  skipped: number;
  failed: number;
  /** photos that had renditions but not their AVIF ones, given them by this run's second pass */
  avif: number;
}

/** A photo as read, with what its folder and bucket come from. */
export interface PendingPhoto {
  id: string;
  listing_id: string;
  storage_path: string;
  listings: { user_id: string; review_status: string };
}

const bucketsFor = (p: PendingPhoto) => (p.listings.review_status === 'approved' ? [PHOTO_BUCKET, HELD_BUCKET] : [HELD_BUCKET, PHOTO_BUCKET]);

/** The crop and the bucket it is in: its listing's review says where, a move not done yet the other one. */
async function downloadCrop(supabase: SupabaseClient, p: PendingPhoto): Promise<{ bucket: string; bytes: Uint8Array }> {
  let last = '';
  for (const bucket of bucketsFor(p)) {
    const { data, error } = await supabase.storage.from(bucket).download(p.storage_path);
    if (data) return { bucket, bytes: new Uint8Array(await data.arrayBuffer()) };
    last = error?.message ?? 'not found';
  }
  throw new Error(`crop not found in either bucket (${last})`);
}

/**
 * One photo: its renditions stored, then its row written if it is still the one read. 'done',
 * or 'skipped' when the row changed meanwhile (its files then removed unless a row names them).
 */
export async function backfillPhoto(supabase: SupabaseClient, p: PendingPhoto): Promise<'done' | 'skipped'> {
  const { bucket, bytes } = await downloadCrop(supabase, p);
  const r = await makeAllRenditionsOffThread(bytes);
  const prefix = `${p.listings.user_id}/${p.listing_id}/${r.key}`;
  await storeRenditions(supabase, bucket, prefix, r.files);
  const updated = await supabase.from('listing_photos').update({ renditions: prefix, placeholder: r.placeholder, avif: true })
    .eq('id', p.id).eq('storage_path', p.storage_path).is('renditions', null).select('id');
  if (updated.error) throw new Error(`update: ${updated.error.message}`);
  if (updated.data.length) return 'done';
  const named = await supabase.from('listing_photos').select('id').eq('renditions', prefix).limit(1);
  if (named.error) throw new Error(`reading renditions: ${named.error.message}`);
  if (!named.data.length) {
    const removed = await supabase.storage.from(bucket).remove([...RENDITION_SUFFIXES, ...AVIF_SUFFIXES].map((s) => `${prefix}${s}`));
    if (removed.error) throw new Error(`removing unused renditions: ${removed.error.message}`);
  }
  return 'skipped';
}

/**
 * A photo with renditions but not their AVIF ones: made from its crop and stored beside them,
 * then `avif` set if the row still names those renditions ('skipped' when it does not).
 */
export async function backfillAvif(supabase: SupabaseClient, p: PendingPhoto & { renditions: string }): Promise<'done' | 'skipped'> {
  const { bucket, bytes } = await downloadCrop(supabase, p);
  await storeRenditions(supabase, bucket, p.renditions, await makeAvifOffThread(bytes));
  const updated = await supabase.from('listing_photos').update({ avif: true }).eq('id', p.id).eq('renditions', p.renditions).select('id');
  if (updated.error) throw new Error(`update: ${updated.error.message}`);
  return updated.data.length ? 'done' : 'skipped';
}

/** Every photo without renditions, in batches by id; see the header. */
export async function backfillRenditions(opts: BackfillOptions): Promise<BackfillResult> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const batchSize = opts.batchSize ?? 100;
  const concurrency = opts.concurrency ?? Math.max(2, availableParallelism());
  const supabase = createClient(opts.url, opts.serviceRoleKey, {
    realtime: { transport: ws as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
  // Without renditions; or, for the second pass, with renditions but not their AVIF ones.
  const pending = (columns: string, { head = false, avif = false } = {}) => {
    const q = supabase.from('listing_photos').select(columns, head ? { count: 'exact', head } : undefined).not('storage_path', 'is', null)
      .filter('renditions', avif ? 'not.is' : 'is', null).in('avif', avif ? [false] : [false, true]);
    return opts.listingIds ? q.in('listing_id', opts.listingIds) : q;
  };
  const counted = await pending('id', { head: true });
  if (counted.error) throw new Error(`counting photos: ${counted.error.message}`);
  const result: BackfillResult = { total: counted.count ?? 0, processed: 0, skipped: 0, failed: 0, avif: 0 };
  let held = 0;
  /** `work` on every pending photo, in batches by id from the last one read: rows done drop out, failed ones are not read again this run. */
  const each = async (avif: boolean, work: (p: PendingPhoto) => Promise<void>) => {
    let after = '00000000-0000-0000-0000-000000000000';
    for (;;) {
      const batch = await pending('id, listing_id, storage_path, renditions, listings(user_id, review_status)', { avif }).gt('id', after).order('id').limit(batchSize);
      if (batch.error) throw new Error(`reading photos: ${batch.error.message}`);
      const photos = batch.data as unknown as PendingPhoto[];
      if (!photos.length) return;
      after = photos[photos.length - 1]!.id;
      await eachAtOnce(photos, concurrency, async (p) => {
        try {
          await work(p);
        } catch (err) {
          result.failed++;
          log(`[backfill] ${p.id} (${p.storage_path}): ${(err as Error).message}`);
        }
      });
      if (!avif) log(`[backfill] ${result.processed + result.skipped + result.failed}/${result.total} photos, ${result.failed} failed`);
    }
  };
  if (opts.dryRun) {
    await each(false, (p) => Promise.resolve(void (held += bucketsFor(p)[0] === HELD_BUCKET ? 1 : 0)));
  } else {
    const release = useOffThreadPool();
    try {
      await each(false, async (p) => void result[(await backfillPhoto(supabase, p)) === 'done' ? 'processed' : 'skipped']++);
      await each(true, async (p) => void ((await backfillAvif(supabase, p as PendingPhoto & { renditions: string })) === 'done' && result.avif++));
    } finally {
      await release();
    }
  }
  if (opts.dryRun) log(`[backfill] dry run: ${result.total} photos without renditions (${result.total - held} public, ${held} held), nothing changed`);
  else log(`[backfill] done: ${result.processed} given renditions, ${result.skipped} changed meanwhile (left as they were), ${result.avif} given AVIF ones, ${result.failed} failed`);
  return result;
}

// CLI: SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY from the environment.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const url = process.env.SUPABASE_URL ?? process.env.VITE_SUPABASE_URL;
  const key = process.env.SUPABASE_SERVICE_ROLE_KEY;
  const args = process.argv.slice(2);
  const batch = args.includes('--batch') ? Number(args[args.indexOf('--batch') + 1]) : undefined;
  if (!url || !key || (batch !== undefined && !(batch > 0))) {
    console.error('Set SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY; options: --dry-run, --batch <rows>.');
    process.exit(2);
  }
  backfillRenditions({ url, serviceRoleKey: key, batchSize: batch, dryRun: args.includes('--dry-run') })
    .then((r) => process.exit(r.failed ? 1 : 0))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
