/**
 * PNG: a walk over the chunks up to IEND that refuses what does not hold together, the size
 * from IHDR, and the file rebuilt with only the chunks that draw the picture and its colours.
 */
import { ascii, type Block, broken, concat, u32be } from './bytes.ts';
import { exifOrientation, orientationOnlyTiff } from './exif.ts';

const SIGNATURE = '\x89PNG\r\n\x1a\n';
const KEEP = new Set(['IHDR', 'PLTE', 'IDAT', 'IEND', 'tRNS', 'cHRM', 'gAMA', 'iCCP', 'sBIT', 'sRGB', 'cICP', 'bKGD', 'pHYs', 'acTL', 'fcTL', 'fdAT']);

/** The chunks in order, IEND last; what follows IEND is never reached. */
function* chunks(b: Uint8Array): Generator<Block<string>, void> {
  if (ascii(b, 0, 8) !== SIGNATURE) throw broken('not a PNG');
  for (let at = 8; ; ) {
    if (at + 12 > b.length) throw broken('PNG without IEND');
    const end = at + 12 + u32be(b, at);
    const type = ascii(b, at + 4, 4);
    if (end > b.length || !/^[A-Za-z]{4}$/.test(type)) throw broken(`broken PNG chunk at ${at}`);
    yield { id: type, start: at, end };
    if (type === 'IEND') return;
    at = end;
  }
}

/** The size IHDR declares; IHDR is the first chunk, so nothing further is read. */
export function pngSize(b: Uint8Array): { width: number; height: number } {
  const first = chunks(b).next().value;
  if (first?.id !== 'IHDR' || first.end - first.start !== 25) throw broken('PNG without IHDR');
  const size = { width: u32be(b, 16), height: u32be(b, 20) };
  if (!size.width || !size.height || size.width > 0x7fffffff || size.height > 0x7fffffff) throw broken('PNG without a valid size');
  return size;
}

/** The chunk types of a PNG, in order. */
export const pngChunks = (b: Uint8Array) => [...chunks(b)].map((c) => c.id);

/** CRC-32 as PNG computes it over a chunk's type and data. */
function crc32(bytes: Uint8Array): number {
  let c = ~0;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/**
 * The PNG without eXIf, text (tEXt, zTXt, iTXt), time and private chunks, nor anything after
 * IEND; a rotation its eXIf stated is kept in an orientation-only eXIf.
 */
export function stripPng(b: Uint8Array): Uint8Array {
  pngSize(b);
  const all = [...chunks(b)];
  if (!all.some((c) => c.id === 'IDAT')) throw broken('PNG without image data');
  const exif = all.find((c) => c.id === 'eXIf');
  const orientation = exif ? exifOrientation(b.subarray(exif.start + 8, exif.end - 4)) : 1;
  const parts: Uint8Array[] = [b.subarray(0, 8)];
  for (const c of all) {
    if (KEEP.has(c.id)) parts.push(b.subarray(c.start, c.end));
    if (c.id === 'IHDR' && orientation !== 1) parts.push(chunk('eXIf', orientationOnlyTiff(orientation)));
  }
  return concat(parts);
}
