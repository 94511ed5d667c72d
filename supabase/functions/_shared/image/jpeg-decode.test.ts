import jpeg from 'jpeg-js';
import sharp, { type Sharp } from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { faultOf } from '../../../../tests/support/images.ts';
import { sources } from '../../../../tests/support/phash-set.ts';
import { decodeJpeg, type JpegScale, type RgbaImage } from './jpeg-decode.ts';

/** Mean and largest difference of the colour channels of two RGBA pictures of one size. */
function difference(a: Uint8Array, b: Uint8Array): { mean: number; max: number } {
  let sum = 0;
  let max = 0;
  for (let i = 0; i < a.length; i++) {
    if (i % 4 === 3) continue;
    const d = Math.abs(a[i]! - b[i]!);
    sum += d;
    max = Math.max(max, d);
  }
  return { mean: sum / ((a.length * 3) / 4), max };
}

/** `full` shrunk by `s`: each pixel the mean of the s x s pixels it covers (fewer at the right and bottom edges). */
function blockMeans(full: RgbaImage, s: number): Uint8Array {
  const w = Math.ceil(full.width / s);
  const h = Math.ceil(full.height / s);
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        let n = 0;
        for (let yy = y * s; yy < Math.min(full.height, y * s + s); yy++)
          for (let xx = x * s; xx < Math.min(full.width, x * s + s); xx++, n++) sum += full.data[(yy * full.width + xx) * 4 + c]!;
        out[(y * w + x) * 4 + c] = Math.round(sum / n);
      }
  return out;
}

/** libjpeg-turbo's decode (sharp) as RGBA. */
const reference = async (b: Uint8Array) => new Uint8Array(await sharp(b).toColourspace('srgb').ensureAlpha().raw().toBuffer());

/**
 * A grey baseline JPEG whose every 8x8 block is flat, of `level(bx, by)`, with a restart
 * marker every `restart` blocks: what cameras write (DRI), which sharp cannot. DC only (one AC
 * code, the end of block), quantization 1, the standard DC table (ITU T.81 K.3).
 */
function flatBlocksJpeg(width: number, height: number, level: (bx: number, by: number) => number, restart: number): Uint8Array {
  const out: number[] = [0xff, 0xd8];
  const segment = (marker: number, body: number[]) => out.push(0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 255, ...body);
  segment(0xdb, [0, ...new Array<number>(64).fill(1)]);
  segment(0xc0, [8, height >> 8, height & 255, width >> 8, width & 255, 1, 1, 0x11, 0]);
  const dcCounts = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
  segment(0xc4, [0x00, ...dcCounts, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  segment(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]);
  segment(0xdd, [restart >> 8, restart & 255]);
  segment(0xda, [1, 1, 0x00, 0, 63, 0]);
  // The DC table's codes: category -> [code, length].
  const codes: [number, number][] = [];
  for (let len = 1, code = 0, sym = 0; len <= 16; len++, code <<= 1) for (let i = 0; i < dcCounts[len - 1]!; i++) codes[sym++] = [code++, len];
  let acc = 0;
  let n = 0;
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) {
      acc = (acc << 1) | ((value >> i) & 1);
      if (++n === 8) {
        out.push(acc);
        if (acc === 0xff) out.push(0);
        acc = 0;
        n = 0;
      }
    }
  };
  const flush = () => {
    while (n) put(1, 1);
  };
  const cols = Math.ceil(width / 8);
  const rows = Math.ceil(height / 8);
  let pred = 0;
  for (let i = 0; i < cols * rows; i++) {
    if (i && i % restart === 0) {
      flush();
      out.push(0xff, 0xd0 + ((i / restart - 1) % 8));
      pred = 0;
    }
    const dc = (level(i % cols, Math.floor(i / cols)) - 128) * 8;
    const diff = dc - pred;
    pred = dc;
    const category = diff ? Math.floor(Math.log2(Math.abs(diff))) + 1 : 0;
    put(codes[category]![0], codes[category]![1]);
    if (category) put(diff > 0 ? diff : diff + (1 << category) - 1, category);
    put(0, 1); // end of block
  }
  flush();
  out.push(0xff, 0xd9);
  return new Uint8Array(out);
}

let photo: Buffer;

beforeAll(async () => {
  const [art, texture] = await sources(2);
  // Not a multiple of 8 or 16 either way: partial blocks and MCUs at both edges.
  photo = await sharp(texture).composite([{ input: await sharp(art).resize(300, 375).toBuffer(), top: 100, left: 100, blend: 'over' }]).resize(333, 417).toBuffer();
}, 60_000);

describe('decodeJpeg', () => {
  const encodings: [string, (s: Sharp) => Sharp][] = [
    ['baseline 4:2:0', (s) => s.jpeg({ quality: 90 })],
    ['baseline 4:4:4', (s) => s.jpeg({ quality: 90, chromaSubsampling: '4:4:4' })],
    ['progressive 4:2:0', (s) => s.jpeg({ quality: 90, progressive: true })],
    ['progressive 4:4:4, optimised scans', (s) => s.jpeg({ quality: 75, progressive: true, chromaSubsampling: '4:4:4', optimiseScans: true, optimiseCoding: true })],
    ['grey', (s) => s.greyscale().jpeg({ quality: 90 })],
    ['grey progressive', (s) => s.greyscale().jpeg({ quality: 90, progressive: true })],
    ['quality 100', (s) => s.jpeg({ quality: 100 })],
  ];

  it.each(encodings)('draws a %s JPEG as libjpeg-turbo does (chroma upsampled plainly: a level or so apart)', async (_, encode) => {
    const bytes = new Uint8Array(await encode(sharp(photo)).toBuffer());
    const decoded = decodeJpeg(bytes);
    expect([decoded.width, decoded.height]).toEqual([333, 417]);
    const d = difference(decoded.data, await reference(bytes));
    expect(d.mean).toBeLessThan(1);
    expect(d.max).toBeLessThan(40);
  });

  it.each([2, 4, 8] as JpegScale[])('at 1/%i gives each pixel the mean of the pixels it covers', async (scale) => {
    for (const [, encode] of encodings) {
      const bytes = new Uint8Array(await encode(sharp(photo)).toBuffer());
      const full = decodeJpeg(bytes);
      const reduced = decodeJpeg(bytes, { scale });
      expect([reduced.width, reduced.height]).toEqual([Math.ceil(333 / scale), Math.ceil(417 / scale)]);
      // Inside the picture the means are the block's own; at the right and bottom edges the
      // encoder's padding is part of the block.
      const inner = (img: Uint8Array) => img.filter((_, i) => Math.floor(i / 4) % reduced.width < Math.floor(333 / scale) && Math.floor(i / 4 / reduced.width) < Math.floor(417 / scale));
      const d = difference(inner(reduced.data), inner(blockMeans(full, scale)));
      expect(d.mean).toBeLessThan(0.5);
      // Now and then a level or two more: a full decode clamps each pixel before the mean is taken.
      expect(d.max).toBeLessThanOrEqual(16);
    }
  });

  it('draws a CMYK JPEG (Adobe, inverted) with the plain conversion jpeg-js makes', async () => {
    const bytes = new Uint8Array(await sharp(photo).toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer());
    // libjpeg leaves CMYK to the colour management; a hash needs only the plain conversion.
    expect(difference(decodeJpeg(bytes).data, jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true }).data).mean).toBeLessThan(1);
  });

  it('restarts at each restart marker, at every scale', () => {
    const level = (bx: number, by: number) => (bx * 37 + by * 91) % 256;
    const bytes = flatBlocksJpeg(56, 40, level, 3);
    for (const scale of [1, 8] as JpegScale[]) {
      const d = decodeJpeg(bytes, { scale });
      const per = 8 / scale;
      for (let y = 0; y < d.height; y++)
        for (let x = 0; x < d.width; x++) expect(d.data[(y * d.width + x) * 4]).toBe(level(Math.floor(x / per), Math.floor(y / per)));
    }
  });

  it('the restart test file is a JPEG libjpeg-turbo reads the same way', async () => {
    const level = (bx: number, by: number) => (bx * 37 + by * 91) % 256;
    const bytes = flatBlocksJpeg(56, 40, level, 3);
    expect(difference(decodeJpeg(bytes).data, await reference(bytes)).max).toBe(0);
  });

  it('at 1/8 does not read the AC scans of a progressive JPEG', async () => {
    const bytes = new Uint8Array(await sharp(photo).greyscale().jpeg({ quality: 90, progressive: true }).toBuffer());
    // The last scan refines AC coefficients: its bits turned to noise change the full picture, not the 1/8 one.
    const last = bytes.findLastIndex((v, i) => v === 0xff && bytes[i + 1] === 0xda);
    const noisy = bytes.slice();
    const start = last + 2 + ((bytes[last + 2]! << 8) | bytes[last + 3]!);
    for (let i = start; i < bytes.length - 2; i++) if (bytes[i] !== 0xff && bytes[i - 1] !== 0xff) noisy[i] = (bytes[i]! * 31 + 7) & 0x7f;
    expect(decodeJpeg(noisy, { scale: 8 }).data).toEqual(decodeJpeg(bytes, { scale: 8 }).data);
    // At full size the noise is read: another picture, or no picture at all.
    const full = faultOf(() => decodeJpeg(noisy)) ?? decodeJpeg(noisy).data;
    expect(full).not.toEqual(decodeJpeg(bytes).data);
  });

  it('refuses, as broken, what it does not decode', async () => {
    const bytes = new Uint8Array(await sharp(photo).jpeg().toBuffer());
    const sof = bytes.findIndex((v, i) => v === 0xff && bytes[i + 1] === 0xc0);
    const patched = (at: number, value: number) => {
      const b = bytes.slice();
      b[at] = value;
      return b;
    };
    expect(faultOf(() => decodeJpeg(bytes.subarray(0, 600)))).toBe('broken');
    expect(faultOf(() => decodeJpeg(patched(sof + 1, 0xc9)))).toBe('broken'); // arithmetic coding
    expect(faultOf(() => decodeJpeg(patched(sof + 1, 0xc3)))).toBe('broken'); // lossless
    expect(faultOf(() => decodeJpeg(patched(sof + 4, 12)))).toBe('broken'); // 12-bit samples
    expect(faultOf(() => decodeJpeg(bytes, { maxPixels: 333 * 417 - 1 }))).toBe('broken');
    expect(faultOf(() => decodeJpeg(bytes, { maxPixels: 333 * 417 }))).toBeNull();
  });

  it('refuses a scan whose data runs out long before its blocks, so a small file cannot keep it busy', () => {
    const whole = flatBlocksJpeg(2048, 2048, (bx, by) => (bx * 7 + by * 13) % 256, 0xffff);
    const sos = whole.findIndex((v, i) => v === 0xff && whole[i + 1] === 0xda);
    const data = sos + 2 + ((whole[sos + 2]! << 8) | whole[sos + 3]!);
    expect(faultOf(() => decodeJpeg(whole))).toBeNull();
    expect(faultOf(() => decodeJpeg(new Uint8Array([...whole.subarray(0, data + 100), 0xff, 0xd9])))).toBe('broken');
  });

  it('refuses a file of more scans than any encoder writes', () => {
    const one = flatBlocksJpeg(16, 16, () => 100, 1);
    const sos = one.findIndex((v, i) => v === 0xff && one[i + 1] === 0xda);
    const scan = one.subarray(sos, one.length - 2);
    const many = (n: number) => new Uint8Array([...one.subarray(0, sos), ...Array.from({ length: n }, () => [...scan]).flat(), 0xff, 0xd9]);
    expect(faultOf(() => decodeJpeg(many(64)))).toBeNull();
    expect(faultOf(() => decodeJpeg(many(65)))).toBe('broken');
  });
});
