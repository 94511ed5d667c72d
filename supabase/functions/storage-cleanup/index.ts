/**
 * storage-cleanup: removes the photo files whose rows are gone (private.storage_deletions,
 * queued by triggers) through the Storage API, since SQL may not delete storage files on
 * Supabase. The database asks for it after each transaction that queued files, and the minute
 * job asks again while any are left. Service-role key only. Answers { removed, failed }.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { serve } from '../_shared/serve.ts';
import { jsonResponse } from '../_shared/cors.ts';
import { requireEnv } from '../_shared/env.ts';
import { createAdminClient } from '../_shared/supabase.ts';
import type { RpcResult } from '../_shared/user-function.ts';

const BATCH = 500;

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

serve(async (req) => {
  if (req.method !== 'POST') return jsonResponse({ error: 'Metodo non consentito.' }, 405);
  if (req.headers.get('Authorization') !== `Bearer ${requireEnv('SUPABASE_SERVICE_ROLE_KEY')}`) {
    return jsonResponse({ error: 'Non autorizzato.' }, 401);
  }
  try {
    return jsonResponse(await drain(await createAdminClient()));
  } catch (err) {
    console.error('storage-cleanup', err);
    return jsonResponse({ error: 'Pulizia dei file non riuscita.' }, 500);
  }
});
