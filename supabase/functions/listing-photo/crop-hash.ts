/**
 * The perceptual hashes of a stored photo (issue 26, duplicate and stolen photos; issue 40,
 * what a thief would change). The app always sends its crop as a JPEG; a crop in another
 * format is refused, so no stored photo escapes the check. The crop gives its hash, its
 * mirror's and its inner crops' (phash.ts); a JPEG original of at most ORIGINAL_HASH_PIXELS
 * gives one more, 'original' (a larger one, one in another format or one that does not decode
 * is stored unhashed; the crop, which is what is public, is always hashed). A picture of one
 * flat colour carries nothing to recognise (every such picture would match every other), so
 * it gets no hash and is never held as a copy. The crop's renditions (issue 44) are made in the
 * same step. The decoding runs off the request thread (hash-task.ts, issue 41).
 */
import { offThread } from '../_shared/off-thread.ts';
import { BROKEN, Refusal, type CleanFile } from './clean-file.ts';
import * as hashTask from './hash-task.ts';
import type { UploadWork } from './hash-task.ts';

/** The hashes to record and the renditions to store; a Refusal for a crop that is not a decodable JPEG. */
export async function cropWork(crop: CleanFile, original: CleanFile | null): Promise<UploadWork> {
  if (crop.contentType !== 'image/jpeg') throw new Refusal(400, 'La foto ritagliata deve essere un JPEG.');
  const work = await offThread(hashTask, 'uploadWork', crop.bytes, original?.contentType === 'image/jpeg' ? original.bytes : null);
  if (work === 'broken') throw new Refusal(400, BROKEN);
  return work;
}
