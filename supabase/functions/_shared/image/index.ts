/**
 * Photos' bytes, checked and cleaned without re-encoding: which format they are (from the
 * bytes, never a name or a label), their size from the header, and the file without EXIF
 * (GPS, camera, dates), XMP, IPTC, comments, text chunks or trailing bytes, ICC profile kept.
 * Advertisers photograph their homes: a location must never leak. Pure TypeScript over
 * Uint8Array: the browser, Deno (Edge Functions) and Node (local platform) run the same code.
 */
import { ascii, ImageError } from './bytes.ts';
import { jpegSize, stripJpeg } from './jpeg.ts';
import { pngSize, stripPng } from './png.ts';
import { stripWebp, webpSize } from './webp.ts';

export { ImageError, type ImageFault } from './bytes.ts';
export { exifIfd0 } from './exif.ts';
export { jpegMetadata, jpegOrientation, stripJpeg } from './jpeg.ts';
export { pngChunks, stripPng } from './png.ts';
export { stripWebp, webpChunks } from './webp.ts';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The content type and file extension each format is stored with. */
export const IMAGE_TYPES: Record<ImageKind, { mime: string; ext: string }> = {
  jpeg: { mime: 'image/jpeg', ext: 'jpg' },
  png: { mime: 'image/png', ext: 'png' },
  webp: { mime: 'image/webp', ext: 'webp' },
};

/** The format the first bytes announce (magic numbers), whatever the file's name or MIME type says. */
export function sniffImageKind(head: Uint8Array): ImageKind | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (ascii(head, 0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return 'webp';
  return null;
}

const sizeOf = { jpeg: jpegSize, png: pngSize, webp: webpSize };
const stripOf = { jpeg: stripJpeg, png: stripPng, webp: stripWebp };

function kindOf(bytes: Uint8Array): ImageKind {
  const kind = sniffImageKind(bytes);
  if (!kind) throw new ImageError('not_image', 'not a JPEG, PNG or WebP');
  return kind;
}

/**
 * The format and the size its header declares, read from the first bytes only (fast for any
 * file size). Throws an ImageError: `not_image`, or `broken` when the header does not parse.
 */
export function imageSize(bytes: Uint8Array): { kind: ImageKind; width: number; height: number } {
  const kind = kindOf(bytes);
  return { kind, ...sizeOf[kind](bytes) };
}

/**
 * The image without any metadata block or trailing bytes, after checking the whole structure
 * (an ImageError `broken` for a truncated file, one without its header, image data or end).
 * `kind` defaults to what the bytes are; a kind the bytes are not is `broken`.
 */
export function stripMetadata(bytes: Uint8Array, kind: ImageKind = kindOf(bytes)): Uint8Array {
  return stripOf[kind](bytes);
}
