/**
 * storage-cleanup: removes the photo files whose rows are gone (private.storage_deletions,
 * queued by triggers) and moves the crops of listings whose review changed between the public
 * and the held bucket (private.photo_moves) through the Storage API, since SQL may not delete
 * or move storage files on Supabase. The database asks for it after each transaction that
 * queued something, and the minute job asks again while anything is left. Service-role key
 * only. Answers { removed, failed, moved, moveFailed }.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { serve } from '../_shared/serve.ts';
import { jsonResponse } from '../_shared/cors.ts';
import { requireEnv } from '../_shared/env.ts';
import { createAdminClient } from '../_shared/supabase.ts';
import type { RpcResult } from '../_shared/user-function.ts';

const BATCH = 500;
/** Moves run in parallel, one request each: fewer at a time. */
const MOVE_BATCH = 50;

interface Pending {
  bucket_id: string;
  name: string;
}

/** Removes one bucket's files; names already gone count as done (Storage just does not list them). */
async function removeBucket(admin: SupabaseClient, bucket: string, names: string[]): Promise<{ removed: number; failed: number }> {
  const { data, error } = await admin.storage.from(bucket).remove(names);
  const done = error
    ? await admin.rpc('fail_storage_deletions', { p_bucket_id: bucket, p_names: names, p_error: error.message })
    : await admin.rpc('complete_storage_deletions', { p_bucket_id: bucket, p_names: names });
  if (done.error) throw new Error(done.error.message);
  return error ? { removed: 0, failed: names.length } : { removed: data.length, failed: 0 };
}

/** Empties the queue batch by batch; stops after a batch with a failure (its entries wait for the next run). */
async function drain(admin: SupabaseClient): Promise<{ removed: number; failed: number }> {
  const total = { removed: 0, failed: 0 };
  for (;;) {
    const next: RpcResult = await admin.rpc('pending_storage_deletions', { p_limit: BATCH });
    if (next.error) throw new Error(next.error.message);
    const pending = next.data as Pending[];
    const byBucket = new Map<string, string[]>();
    for (const p of pending) byBucket.set(p.bucket_id, (byBucket.get(p.bucket_id) ?? []).concat(p.name));
    let failed = 0;
    for (const [bucket, names] of byBucket) {
      const r = await removeBucket(admin, bucket, names);
      total.removed += r.removed;
      failed += r.failed;
    }
    total.failed += failed;
    if (pending.length < BATCH || failed) return total;
  }
}

interface Move {
  listing_id: string;
  name: string;
  from_bucket: string;
  to_bucket: string;
}

/**
 * Moves every crop that is in the other bucket than its listing's review asks for, batch by
 * batch (each call reads the queue again, so a moved crop is not asked for twice); stops after
 * a batch with a failure (the listing stays queued with its error).
 */
async function moveCrops(admin: SupabaseClient): Promise<{ moved: number; moveFailed: number }> {
  const total = { moved: 0, moveFailed: 0 };
  for (;;) {
    const next: RpcResult = await admin.rpc('pending_photo_moves', { p_limit: MOVE_BATCH });
    if (next.error) throw new Error(next.error.message);
    const pending = next.data as Move[];
    const results = await Promise.all(
      pending.map(async (m) => ({ m, error: (await admin.storage.from(m.from_bucket).move(m.name, m.name, { destinationBucket: m.to_bucket })).error })),
    );
    const failed = results.filter((r) => r.error);
    if (failed.length) {
      const done: RpcResult = await admin.rpc('fail_photo_moves', { p_listing_ids: [...new Set(failed.map((r) => r.m.listing_id))], p_error: failed[0]!.error!.message });
      if (done.error) throw new Error(done.error.message);
    }
    total.moved += results.length - failed.length;
    total.moveFailed += failed.length;
    if (pending.length < MOVE_BATCH || failed.length) return total;
  }
}

serve(async (req) => {
  if (req.method !== 'POST') return jsonResponse({ error: 'Metodo non consentito.' }, 405);
  if (req.headers.get('Authorization') !== `Bearer ${requireEnv('SUPABASE_SERVICE_ROLE_KEY')}`) {
    return jsonResponse({ error: 'Non autorizzato.' }, 401);
  }
  try {
    const admin = await createAdminClient();
    // Moves first: a crop a visitor must no longer see is taken away before anything is deleted.
    const moves = await moveCrops(admin);
    return jsonResponse({ ...(await drain(admin)), ...moves });
  } catch (err) {
    console.error('storage-cleanup', err);
    return jsonResponse({ error: 'Pulizia dei file non riuscita.' }, 500);
  }
});
