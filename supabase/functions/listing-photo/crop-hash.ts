/**
 * The perceptual hashes of a stored photo (issue 26, duplicate and stolen photos; issue 40,
 * what a thief would change). The app always sends its crop as a JPEG; a crop in another
 * format is refused, so no stored photo escapes the check. The crop gives its hash, its
 * mirror's and its inner crops' (phash.ts); a JPEG original of at most ORIGINAL_HASH_PIXELS
 * gives one more, 'original' (a larger one, one in another format or one jpeg-js cannot read
 * is stored unhashed: decoding a 12-megapixel JPEG costs seconds of the upload's CPU, and the
 * crop, which is what is public, is always hashed). A picture of one flat colour carries nothing to recognise (every such picture
 * would match every other), so it gets no hash and is never held as a copy.
 */
import { ImageError, imageSize } from '../_shared/image/index.ts';
import { photoHashesJpeg, type HashVariant } from '../_shared/image/phash.ts';
import { Refusal, type CleanFile } from './clean-file.ts';

/** The largest original hashed (docs/decisions.md: about 0.5 s of decoding on these cores). */
export const ORIGINAL_HASH_PIXELS = 2_500_000;

export type PhotoHashRecord = Partial<Record<HashVariant, string>>;

/** The crop's variants ({} for a flat picture); a Refusal for a crop that is not a decodable JPEG. */
export function cropHash(crop: CleanFile): PhotoHashRecord {
  if (crop.contentType !== 'image/jpeg') throw new Refusal(400, 'La foto ritagliata deve essere un JPEG.');
  try {
    return photoHashesJpeg(crop.bytes) ?? {};
  } catch (err) {
    if (err instanceof ImageError) throw new Refusal(400, "L'immagine è danneggiata o incompleta.");
    throw err;
  }
}

/** The hashes to record: the crop's variants and, with a JPEG original, its pHash as 'original'. */
export function photoHashes(crop: CleanFile, original: CleanFile | null): PhotoHashRecord {
  const hashes = cropHash(crop);
  if (!hashes.crop || original?.contentType !== 'image/jpeg') return hashes;
  try {
    const { width, height } = imageSize(original.bytes);
    if (width * height > ORIGINAL_HASH_PIXELS) return hashes;
    const o = photoHashesJpeg(original.bytes);
    return o ? { ...hashes, original: o.crop } : hashes;
  } catch (err) {
    if (err instanceof ImageError) return hashes;
    throw err;
  }
}
