import type { SupabaseClient } from '@supabase/supabase-js';
import type { RenditionFile } from './make-renditions.ts';
import { RENDITION_CACHE_CONTROL } from './renditions.ts';

/**
 * Stores a crop's renditions in `bucket` under `prefix` (`<userId>/<listingId>/<key>`,
 * renditions.ts: a year's cache), for listing-photo, photo-avif, the seed and the backfill;
 * throws the first failure. Upserted: the names are the bytes', so storing them again (the same
 * crop twice, a retry) writes the same files.
 */
export async function storeRenditions(client: SupabaseClient, bucket: string, prefix: string, files: readonly Pick<RenditionFile, 'suffix' | 'bytes' | 'contentType'>[]): Promise<void> {
  const results = await Promise.all(
    files.map((f) =>
      client.storage.from(bucket).upload(`${prefix}${f.suffix}`, f.bytes, { contentType: f.contentType, cacheControl: RENDITION_CACHE_CONTROL, upsert: true }),
    ),
  );
  const failed = results.find((r) => r.error)?.error;
  if (failed) throw failed;
}
