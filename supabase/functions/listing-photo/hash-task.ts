/**
 * The upload's CPU-bound step, as an off-thread task (../_shared/off-thread.ts): the crop's
 * pHash variants and a small JPEG original's, from the bytes that will be stored, and the
 * crop's renditions and placeholder (issue 44, make-renditions.ts). The local platform runs it
 * on a worker thread, Deno inline. Each picture is hashed decoded reduced in the DCT
 * (phash.ts hashScale): a 1600x2000 crop at 1/8.
 */
import { ImageError, imageSize } from '../_shared/image/index.ts';
import { makeRenditions, type Renditions } from '../_shared/image/make-renditions.ts';
import { type HashVariant, photoHashesJpeg } from '../_shared/image/phash.ts';

export const MODULE_URL = import.meta.url;

/** The largest original hashed: larger ones are stored unhashed, to keep the upload's CPU within budget (docs/decisions/0511-jpeg-decoder-and-off-thread-work.md). */
export const ORIGINAL_HASH_PIXELS = 2_500_000;

export type PhotoHashRecord = Partial<Record<HashVariant, string>>;

/**
 * The crop's variants ({} for a flat picture) and, with a JPEG `original` of at most
 * ORIGINAL_HASH_PIXELS, its pHash as 'original' (one that does not decode is stored unhashed);
 * 'broken' when the crop does not decode.
 */
export function uploadHashes(crop: Uint8Array, original: Uint8Array | null): PhotoHashRecord | 'broken' {
  let hashes: PhotoHashRecord;
  try {
    hashes = photoHashesJpeg(crop) ?? {};
  } catch (err) {
    if (err instanceof ImageError) return 'broken';
    throw err;
  }
  if (!hashes.crop || !original) return hashes;
  try {
    const { width, height } = imageSize(original);
    if (width * height > ORIGINAL_HASH_PIXELS) return hashes;
    const o = photoHashesJpeg(original);
    return o ? { ...hashes, original: o.crop } : hashes;
  } catch (err) {
    if (err instanceof ImageError) return hashes;
    throw err;
  }
}

/** What a crop upload stores beside its files: uploadHashes' hashes and the crop's renditions. */
export interface UploadWork {
  hashes: PhotoHashRecord;
  renditions: Renditions;
}

/** The upload's work (also the seed's, rendition-cache.ts); 'broken' when the crop does not decode, for either. */
export async function uploadWork(crop: Uint8Array, original: Uint8Array | null): Promise<UploadWork | 'broken'> {
  const hashes = uploadHashes(crop, original);
  if (hashes === 'broken') return hashes;
  try {
    return { hashes, renditions: await makeRenditions(crop) };
  } catch (err) {
    if (err instanceof ImageError) return 'broken';
    throw err;
  }
}
