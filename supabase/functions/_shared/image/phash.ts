/**
 * The perceptual hash of a stored photo (issue 26, duplicate and stolen photos): a 64-bit pHash
 * of the picture's grey levels, so a resized, re-compressed or slightly cropped copy lands
 * within a few bits of its source while a different picture differs in about half of them.
 * Computed by the server from the bytes it stores (never sent by a browser). Pure TypeScript
 * plus jpeg-js (pure JavaScript): Deno on Supabase's edge runtime and Node run the same code.
 *
 * pHash: the grey image shrunk to 32x32 by area averaging, its 2-D DCT-II, the 8x8 lowest
 * frequencies; bit i is 1 when coefficient i is above their median (row-major, most
 * significant bit first). Written as 16 hex digits, the form record_photo_hash takes.
 */
import jpeg from 'jpeg-js';
import { broken } from './bytes.ts';
import { MAX_PIXELS } from './limits.ts';

const SIDE = 32;
const LOW = 8;

/**
 * The largest distance that counts as the same photo, chosen on the test set
 * (tests/support/phash-set.ts, docs/decisions.md); private.duplicate_photo_max_distance's default.
 */
export const DUPLICATE_MAX_DISTANCE = 8;

/** Grey levels (0-255) of an image, one byte per pixel, row-major. */
export interface GreyImage {
  width: number;
  height: number;
  grey: Float32Array;
}

/** The grey levels of RGBA pixels (ITU-R BT.601 luma). */
export function greyFromRgba(width: number, height: number, rgba: Uint8Array): GreyImage {
  const grey = new Float32Array(width * height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 4) grey[i] = 0.299 * rgba[p]! + 0.587 * rgba[p + 1]! + 0.114 * rgba[p + 2]!;
  return { width, height, grey };
}

/** The image shrunk to side x side, each target pixel the mean of the source area it covers (fractional edges weighted). */
export function shrink(img: GreyImage, side = SIDE): Float64Array {
  const out = new Float64Array(side * side);
  const sx = img.width / side;
  const sy = img.height / side;
  for (let ty = 0; ty < side; ty++) {
    const y0 = ty * sy;
    const y1 = y0 + sy;
    for (let tx = 0; tx < side; tx++) {
      const x0 = tx * sx;
      const x1 = x0 + sx;
      let sum = 0;
      let area = 0;
      for (let y = Math.floor(y0); y < Math.ceil(y1) && y < img.height; y++) {
        const wy = Math.min(y + 1, y1) - Math.max(y, y0);
        const row = y * img.width;
        for (let x = Math.floor(x0); x < Math.ceil(x1) && x < img.width; x++) {
          const w = wy * (Math.min(x + 1, x1) - Math.max(x, x0));
          sum += w * img.grey[row + x]!;
          area += w;
        }
      }
      out[ty * side + tx] = area > 0 ? sum / area : 0;
    }
  }
  return out;
}

/** cos((2x + 1) u pi / 2N) for the 1-D DCT-II of length N. */
const cosines = (() => {
  const c = new Float64Array(SIDE * SIDE);
  for (let u = 0; u < SIDE; u++) for (let x = 0; x < SIDE; x++) c[u * SIDE + x] = Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE));
  return c;
})();

/** The LOW x LOW lowest-frequency coefficients of the 2-D DCT-II of a SIDE x SIDE block (row-major). */
export function lowDct(block: Float64Array): Float64Array {
  // Rows first (only the LOW lowest frequencies are ever needed), then columns.
  const rows = new Float64Array(SIDE * LOW);
  for (let y = 0; y < SIDE; y++)
    for (let u = 0; u < LOW; u++) {
      let s = 0;
      for (let x = 0; x < SIDE; x++) s += block[y * SIDE + x]! * cosines[u * SIDE + x]!;
      rows[y * LOW + u] = s;
    }
  const out = new Float64Array(LOW * LOW);
  for (let v = 0; v < LOW; v++)
    for (let u = 0; u < LOW; u++) {
      let s = 0;
      for (let y = 0; y < SIDE; y++) s += rows[y * LOW + u]! * cosines[v * SIDE + y]!;
      out[v * LOW + u] = s;
    }
  return out;
}

/** Below this standard deviation of the shrunk grey levels a picture is one flat colour: nothing to recognise. */
export const FLAT_SPREAD = 1;

/**
 * The 64-bit pHash of a grey image as 16 lower-case hex digits, or null for a flat picture
 * (its coefficients are rounding noise, and every flat picture would match every other).
 */
export function phashGrey(img: GreyImage): string | null {
  const block = shrink(img);
  const mean = block.reduce((a, v) => a + v, 0) / block.length;
  const spread = Math.sqrt(block.reduce((a, v) => a + (v - mean) ** 2, 0) / block.length);
  if (spread < FLAT_SPREAD) return null;
  const coeffs = lowDct(block);
  const sorted = [...coeffs].sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hex = '';
  for (let nibble = 0; nibble < 16; nibble++) {
    let v = 0;
    for (let b = 0; b < 4; b++) v = (v << 1) | (coeffs[nibble * 4 + b]! > median ? 1 : 0);
    hex += v.toString(16);
  }
  return hex;
}

/** The pHash of a JPEG's pixels (baseline or progressive), null when flat; an ImageError `broken` when it does not decode. */
export function phashJpeg(bytes: Uint8Array): string | null {
  let decoded: { width: number; height: number; data: Uint8Array };
  try {
    decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 512 });
  } catch {
    throw broken('JPEG that does not decode');
  }
  return phashGrey(greyFromRgba(decoded.width, decoded.height, decoded.data));
}

/** The number of bits two hex pHashes differ in (the SQL side is bit_count(a # b)). */
export function hammingDistance(a: string, b: string): number {
  let x = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let n = 0;
  while (x) {
    n += Number(x & 1n);
    x >>= 1n;
  }
  return n;
}
