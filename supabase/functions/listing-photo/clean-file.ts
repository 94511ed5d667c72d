/**
 * One uploaded file made safe to store: at most 10 MB, no larger than its limit (40 megapixels;
 * the app's crop at most 1600 x 2000 pixels), a JPEG, PNG or WebP by its bytes (the name and
 * the label are ignored), whole, and without any metadata.
 */
import { IMAGE_TYPES, ImageError, imageSize, stripMetadata } from '../_shared/image/index.ts';
import { CROP_MAX_HEIGHT, CROP_MAX_WIDTH, MAX_BYTES, MAX_PIXELS } from '../_shared/image/limits.ts';

/** A file the function refuses: the status and the Italian message to answer. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'Refusal';
  }
}

export const BROKEN = "L'immagine è danneggiata o incompleta.";

/** What a file may measure, read from its header before anything decodes it, and the refusal beyond. */
export interface SizeLimit {
  fits(width: number, height: number): boolean;
  message: string;
}

/** An original or a selfie: what a phone's camera takes (never decoded beyond ORIGINAL_HASH_PIXELS). */
export const PHOTO_LIMIT: SizeLimit = {
  fits: (width, height) => width * height <= MAX_PIXELS,
  message: 'La foto è troppo grande: al massimo 40 megapixel.',
};

/**
 * The crop, which the function decodes to hash (issue 41): no larger than the app ever sends
 * (src/features/photos/model.ts outputSize), so its decode stays within an Edge Function's CPU.
 */
export const CROP_LIMIT: SizeLimit = {
  fits: (width, height) => width <= CROP_MAX_WIDTH && height <= CROP_MAX_HEIGHT,
  message: `La foto ritagliata è troppo grande: al massimo ${CROP_MAX_WIDTH} x ${CROP_MAX_HEIGHT} pixel.`,
};

export interface CleanFile {
  bytes: Uint8Array;
  contentType: string;
  ext: string;
}

/** The file's clean bytes with the content type and extension of what they are; throws a Refusal. */
export async function cleanFile(file: File, limit: SizeLimit = PHOTO_LIMIT): Promise<CleanFile> {
  if (file.size > MAX_BYTES) throw new Refusal(413, 'La foto supera i 10 MB.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    // The header's size first: a huge picture is refused before its data is walked or decoded.
    const { kind, width, height } = imageSize(bytes);
    if (!limit.fits(width, height)) throw new Refusal(400, limit.message);
    return { bytes: stripMetadata(bytes, kind), contentType: IMAGE_TYPES[kind].mime, ext: IMAGE_TYPES[kind].ext };
  } catch (err) {
    if (!(err instanceof ImageError)) throw err;
    throw err.fault === 'not_image'
      ? new Refusal(400, "Il file non è un'immagine JPEG, PNG o WebP.")
      : new Refusal(400, BROKEN);
  }
}
