import type { SupabaseClient } from '@supabase/supabase-js';
import type { Renditions } from './make-renditions.ts';
import { RENDITION_CACHE_CONTROL } from './renditions.ts';

/**
 * Stores a crop's renditions in `bucket` under `prefix` (`<userId>/<listingId>/<key>`,
 * renditions.ts: every suffix, a year's cache), for listing-photo, the seed and the backfill;
 * throws the first failure. Upserted: the names are the bytes', so storing them again (the same
 * crop twice, a retry) writes the same files.
 */
export async function storeRenditions(client: SupabaseClient, bucket: string, prefix: string, renditions: Renditions): Promise<void> {
  const results = await Promise.all(
    renditions.files.map((f) =>
      client.storage.from(bucket).upload(`${prefix}${f.suffix}`, f.bytes, { contentType: f.contentType, cacheControl: RENDITION_CACHE_CONTROL, upsert: true }),
    ),
  );
  const failed = results.find((r) => r.error)?.error;
  if (failed) throw failed;
}
