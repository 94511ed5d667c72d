/**
 * The perceptual hash of a stored crop (issue 26, duplicate and stolen photos). The app always
 * sends its crop as a JPEG; a crop in another format is refused, so no stored photo escapes
 * the check. A picture of one flat colour carries nothing to recognise (every such picture
 * would match every other), so it gets no hash and is never held as a copy.
 */
import { ImageError } from '../_shared/image/index.ts';
import { phashJpeg } from '../_shared/image/phash.ts';
import { Refusal, type CleanFile } from './clean-file.ts';

/** 16 hex digits, or null for a flat picture; a Refusal for a crop that is not a decodable JPEG. */
export function cropHash(crop: CleanFile): string | null {
  if (crop.contentType !== 'image/jpeg') throw new Refusal(400, 'La foto ritagliata deve essere un JPEG.');
  try {
    return phashJpeg(crop.bytes);
  } catch (err) {
    if (err instanceof ImageError) throw new Refusal(400, "L'immagine è danneggiata o incompleta.");
    throw err;
  }
}
