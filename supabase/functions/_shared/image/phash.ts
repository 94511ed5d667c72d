/**
 * The perceptual hash of a stored photo (issue 26, duplicate and stolen photos): a 64-bit pHash
 * of the picture's grey levels, so a resized, re-compressed or slightly cropped copy lands
 * within a few bits of its source while a different picture differs in about half of them.
 * Computed by the server from the bytes it stores (never sent by a browser). Pure TypeScript
 * (jpeg-decode.ts): Deno on Supabase's edge runtime and Node run the same code. Issue 41: the
 * picture is decoded reduced in the DCT (hashScale), which moves a hash by 0-2 bits at most.
 *
 * pHash: the grey image shrunk to 32x32 by area averaging, its 2-D DCT-II, the 8x8 lowest
 * frequencies; bit i is 1 when coefficient i is above their median (row-major, most
 * significant bit first). Written as 16 hex digits, the form record_photo_hash takes. Issue
 * 40: a photo is stored with several such hashes (PhotoHashes: its mirror, its inner crops),
 * compared pair by pair (HASH_PAIRS), and a picture whose grey levels are flat is hashed on
 * a colour channel (hashPlane).
 */
import { broken, ImageError } from './bytes.ts';
import { jpegSize } from './jpeg.ts';
import { decodeJpeg, type JpegScale, type RgbaImage } from './jpeg-decode.ts';

const SIDE = 32;
const LOW = 8;

/**
 * The largest distance that counts as the same photo, chosen on the test set
 * (tests/support/phash-set.ts: copies and thiefCopies, docs/decisions/0606-duplicate-threshold-and-variants.md);
 * private.duplicate_photo_max_distance's default, at most 8 (the three bands' guarantee).
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

/** A part of an image: the inner `inset` fraction cut from each side (0: the whole). */
export type Inset = number;

/**
 * The image (or its part within `inset` of each side) shrunk to side x side, each target pixel
 * the mean of the source area it covers (fractional edges weighted).
 */
export function shrink(img: GreyImage, side = SIDE, inset: Inset = 0): Float64Array {
  const out = new Float64Array(side * side);
  const left = img.width * inset;
  const top = img.height * inset;
  const sx = (img.width * (1 - 2 * inset)) / side;
  const sy = (img.height * (1 - 2 * inset)) / side;
  for (let ty = 0; ty < side; ty++) {
    const y0 = top + ty * sy;
    const y1 = y0 + sy;
    for (let tx = 0; tx < side; tx++) {
      const x0 = left + tx * sx;
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

const spread = (block: Float64Array) => {
  const mean = block.reduce((a, v) => a + v, 0) / block.length;
  return Math.sqrt(block.reduce((a, v) => a + (v - mean) ** 2, 0) / block.length);
};

/** 64 DCT coefficients as 16 hex digits: bit i is 1 when coefficient i is above their median. */
function bitsOf(coeffs: Float64Array): string {
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

/**
 * The 64-bit pHash of a grey image as 16 lower-case hex digits, or null for a flat picture
 * (its coefficients are rounding noise, and every flat picture would match every other).
 */
export function phashGrey(img: GreyImage): string | null {
  const block = shrink(img);
  return spread(block) < FLAT_SPREAD ? null : bitsOf(lowDct(block));
}

/**
 * The pHashes a copy is compared by (issue 40): what a thief would change. `crop` is the
 * picture's; `mirror` its horizontal flip's (from the same DCT: a flip negates the
 * coefficients of odd horizontal frequency); `inner90` and `inner80` those of its centre
 * without 5 % and 10 % of each side (a copy cropped by 5-10 % matches them, and a copy with
 * a border added matches the picture by its own inner parts); `mirror90` the flip of
 * `inner90` (a mirrored copy, also cropped).
 */
export interface PhotoHashes {
  crop: string;
  mirror: string;
  inner90: string;
  inner80: string;
  mirror90: string;
}

export type HashVariant = keyof PhotoHashes | 'original';

/**
 * Which stored variants each variant of a new photo is compared with: private.photo_hash_pairs
 * in SQL (supabase/migrations/20261126000200_review.sql), here for the tests that choose the
 * threshold. A new photo's mirrors are not probed: its crop against a stored mirror is the
 * same comparison as its mirror against the stored crop, at a fifth of the index probes.
 */
export const HASH_PAIRS: Partial<Record<HashVariant, HashVariant[]>> = {
  crop: ['crop', 'mirror', 'mirror90', 'inner90', 'inner80', 'original'],
  inner90: ['crop', 'inner90', 'inner80'],
  inner80: ['crop', 'inner80'],
  original: ['crop'],
};

/** The distance the duplicate check sees between a new photo and a stored one: the least over HASH_PAIRS. */
export function copyDistance(fresh: Partial<Record<HashVariant, string>>, stored: Partial<Record<HashVariant, string>>): number {
  let best = 64;
  for (const [nv, svs] of Object.entries(HASH_PAIRS) as [HashVariant, HashVariant[]][])
    for (const sv of svs) {
      const a = fresh[nv];
      const b = stored[sv];
      if (a && b) best = Math.min(best, hammingDistance(a, b));
    }
  return best;
}

/** The fine grid every variant is pooled from: GRID x GRID cells, so 5 % and 10 % of a side are whole cells. */
const GRID = 320;

/**
 * The SIDE x SIDE block of a GRID x GRID grid within `insetCells` of each side, each target
 * pixel the mean of the whole cells it covers: the same area mean shrink() would take of the
 * picture, since the cells are equal parts of it, for one pass over the pixels.
 */
function pool(grid: Float64Array, insetCells: number): Float64Array {
  const per = (GRID - 2 * insetCells) / SIDE;
  const out = new Float64Array(SIDE * SIDE);
  for (let ty = 0; ty < SIDE; ty++)
    for (let tx = 0; tx < SIDE; tx++) {
      let sum = 0;
      for (let y = insetCells + ty * per, y1 = y + per; y < y1; y++)
        for (let x = insetCells + tx * per, x1 = x + per, row = y * GRID; x < x1; x++) sum += grid[row + x]!;
      out[ty * SIDE + tx] = sum / (per * per);
    }
  return out;
}

/** The hashes of a picture's GRID x GRID grid (see PhotoHashes), or null when it is flat. */
function hashesOfGrid(grid: Float64Array): PhotoHashes | null {
  const block = pool(grid, 0);
  if (spread(block) < FLAT_SPREAD) return null;
  const coeffs = lowDct(block);
  const inner90 = lowDct(pool(grid, GRID * 0.05));
  const flip = (c: Float64Array) => c.map((v, i) => ((i % LOW) % 2 === 1 ? -v : v));
  return {
    crop: bitsOf(coeffs),
    mirror: bitsOf(flip(coeffs)),
    inner90: bitsOf(inner90),
    inner80: bitsOf(lowDct(pool(grid, GRID * 0.1))),
    mirror90: bitsOf(flip(inner90)),
  };
}

/** The hashes of one grey plane (see PhotoHashes), or null when it is flat. */
export function photoHashesGrey(img: GreyImage): PhotoHashes | null {
  return hashesOfGrid(shrink(img, GRID));
}

/**
 * The plane a picture is hashed on, as its GRID x GRID grid: its luma, or, when the luma is
 * flat (colours of one brightness, issue 40), the colour channel whose picture varies most;
 * null when that is flat too (one colour: nothing to recognise).
 */
export function hashPlane(width: number, height: number, rgba: Uint8Array): Float64Array | null {
  const luma = shrink(greyFromRgba(width, height, rgba), GRID);
  if (spread(pool(luma, 0)) >= FLAT_SPREAD) return luma;
  let best: { grid: Float64Array; spread: number } | null = null;
  for (let c = 0; c < 3; c++) {
    const grey = new Float32Array(width * height);
    for (let i = 0, p = c; i < grey.length; i++, p += 4) grey[i] = rgba[p]!;
    const grid = shrink({ width, height, grey }, GRID);
    const s = spread(pool(grid, 0));
    if (!best || s > best.spread) best = { grid, spread: s };
  }
  return best && best.spread >= FLAT_SPREAD ? best.grid : null;
}

/** The hashes of RGBA pixels (see PhotoHashes), or null when every plane is flat. */
export function photoHashesRgba(width: number, height: number, rgba: Uint8Array): PhotoHashes | null {
  const grid = hashPlane(width, height, rgba);
  return grid && hashesOfGrid(grid);
}

/**
 * The shorter side a picture is hashed from, at least: the 32x32 block then averages 4 or more
 * pixels a side per cell, and the hashes stay within 2 bits of a full decode's
 * (docs/decisions/0511-jpeg-decoder-and-off-thread-work.md).
 */
export const HASH_MIN_SIDE = 128;

/** The largest DCT scale (1/8, 1/4, 1/2) that leaves the shorter side at least HASH_MIN_SIDE; 1 for a small picture. */
export function hashScale(width: number, height: number): JpegScale {
  const side = Math.min(width, height);
  return side >= 8 * HASH_MIN_SIDE ? 8 : side >= 4 * HASH_MIN_SIDE ? 4 : side >= 2 * HASH_MIN_SIDE ? 2 : 1;
}

/**
 * The hashes of a JPEG's pixels (baseline or progressive), null when flat; an ImageError
 * `broken` when it does not decode. Decoded at hashScale of its size unless `scale` says.
 */
export function photoHashesJpeg(bytes: Uint8Array, scale?: JpegScale): PhotoHashes | null {
  let decoded: RgbaImage;
  try {
    const { width, height } = jpegSize(bytes);
    decoded = decodeJpeg(bytes, { scale: scale ?? hashScale(width, height) });
  } catch (err) {
    // Whatever else a hostile file makes the decoder throw (an allocation it cannot make) is a file that does not decode.
    if (err instanceof ImageError) throw err;
    throw broken('JPEG that does not decode');
  }
  return photoHashesRgba(decoded.width, decoded.height, decoded.data);
}

/** The pHash of a JPEG's pixels (its PhotoHashes' `crop`), null when flat; an ImageError `broken` when it does not decode. */
export function phashJpeg(bytes: Uint8Array): string | null {
  return photoHashesJpeg(bytes)?.crop ?? null;
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
