/**
 * WebP (RIFF): a walk over the chunks inside the RIFF size that refuses what does not hold
 * together, the size from the first chunk (VP8X canvas, VP8 frame or VP8L header), and the
 * file without its EXIF and XMP chunks nor anything after the RIFF size.
 */
import { ascii, type Block, broken, concat, u16le, u24le, u32le } from './bytes.ts';
import { exifOrientation, orientationOnlyTiff } from './exif.ts';

/** VP8X flags: an EXIF (0x08) and an XMP (0x04) chunk follow. */
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;

/** Where the RIFF container ends: bytes beyond it are not part of the image. */
function riffEnd(b: Uint8Array): number {
  if (ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') throw broken('not a WebP');
  const end = 8 + u32le(b, 4);
  if (end > b.length || end < 20) throw broken('truncated WebP');
  return end;
}

/** The chunks in order; a chunk's end is after the padding byte of an odd size. */
function* chunks(b: Uint8Array): Generator<Block<string>, void> {
  const last = riffEnd(b);
  for (let at = 12; at < last; ) {
    const size = at + 8 <= last ? u32le(b, at + 4) : Infinity;
    const end = at + 8 + size + (size & 1);
    if (end > last) throw broken(`broken WebP chunk at ${at}`);
    yield { id: ascii(b, at, 4), start: at, end };
    at = end;
  }
}

/** The size the first chunk declares, reading no further. */
export function webpSize(b: Uint8Array): { width: number; height: number } {
  const first = chunks(b).next().value;
  const at = (first?.start ?? 0) + 8;
  const size = first ? first.end - at : 0;
  if (first?.id === 'VP8X' && size >= 10) return { width: u24le(b, at + 4) + 1, height: u24le(b, at + 7) + 1 };
  // A key frame: 3 bytes of frame tag, the start code 9d 01 2a, then 14-bit width and height.
  if (first?.id === 'VP8 ' && size >= 10 && b[at + 3] === 0x9d && b[at + 4] === 0x01 && b[at + 5] === 0x2a) {
    const width = u16le(b, at + 6) & 0x3fff;
    const height = u16le(b, at + 8) & 0x3fff;
    if (width && height) return { width, height };
  }
  // Lossless: the signature 0x2f, then 14 bits of width - 1 and 14 bits of height - 1.
  if (first?.id === 'VP8L' && size >= 5 && b[at] === 0x2f) {
    const bits = u32le(b, at + 1);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  throw broken('WebP without an image header');
}

/** The chunk ids of a WebP file, in order. */
export const webpChunks = (b: Uint8Array) => [...chunks(b)].map((c) => c.id);

/**
 * The WebP without EXIF and XMP chunks (VP8X's flags no longer announce them) nor anything
 * after the RIFF size; a rotation its EXIF stated is kept in an orientation-only EXIF chunk.
 */
export function stripWebp(b: Uint8Array): Uint8Array {
  webpSize(b);
  const all = [...chunks(b)];
  if (!all.some((c) => c.id === 'VP8 ' || c.id === 'VP8L' || c.id === 'ANMF')) throw broken('WebP without image data');
  const exif = all.find((c) => c.id === 'EXIF');
  const orientation = exif ? exifOrientation(b.subarray(exif.start + 8, exif.end)) : 1;
  const parts: Uint8Array[] = [];
  for (const c of all) {
    if (c.id === 'EXIF' || c.id === 'XMP ') continue;
    const copy = b.slice(c.start, c.end);
    if (c.id === 'VP8X') copy[8] = (copy[8]! & ~(EXIF_FLAG | XMP_FLAG)) | (orientation === 1 ? 0 : EXIF_FLAG);
    parts.push(copy);
  }
  // EXIF only exists beside VP8X, so a kept orientation always has its flag.
  if (orientation !== 1) {
    const tiff = orientationOnlyTiff(orientation);
    parts.push(new Uint8Array([0x45, 0x58, 0x49, 0x46, tiff.length, 0, 0, 0]), tiff);
  }
  const body = concat(parts);
  const header = new Uint8Array(12);
  header.set(b.subarray(0, 12));
  new DataView(header.buffer).setUint32(4, 4 + body.length, true);
  return concat([header, body]);
}
