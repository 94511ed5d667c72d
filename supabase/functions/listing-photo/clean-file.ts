/**
 * One uploaded file made safe to store: at most 10 MB and 40 megapixels, a JPEG, PNG or WebP
 * by its bytes (the name and the label are ignored), whole, and without any metadata.
 */
import { IMAGE_TYPES, ImageError, imageSize, stripMetadata } from '../_shared/image/index.ts';
import { MAX_BYTES, MAX_PIXELS } from '../_shared/image/limits.ts';

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

export interface CleanFile {
  bytes: Uint8Array;
  contentType: string;
  ext: string;
}

/** The file's clean bytes with the content type and extension of what they are; throws a Refusal. */
export async function cleanFile(file: File): Promise<CleanFile> {
  if (file.size > MAX_BYTES) throw new Refusal(413, 'La foto supera i 10 MB.');
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    // The header's size first: a huge picture is refused before its data is walked.
    const { kind, width, height } = imageSize(bytes);
    if (width * height > MAX_PIXELS) throw new Refusal(400, 'La foto è troppo grande: al massimo 40 megapixel.');
    return { bytes: stripMetadata(bytes, kind), contentType: IMAGE_TYPES[kind].mime, ext: IMAGE_TYPES[kind].ext };
  } catch (err) {
    if (!(err instanceof ImageError)) throw err;
    throw err.fault === 'not_image'
      ? new Refusal(400, "Il file non è un'immagine JPEG, PNG o WebP.")
      : new Refusal(400, "L'immagine è danneggiata o incompleta.");
  }
}
