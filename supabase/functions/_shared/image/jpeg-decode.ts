/**
 * A JPEG decoder that scales in the DCT, as libjpeg's scale_denom does (issue 41: an upload
 * must stay within an Edge Function's 2 s of CPU). At scale s each 8x8 block gives 8/s x 8/s
 * pixels, each the mean of the s x s pixels a full decode would draw there, computed from the
 * block's coefficients without drawing them; at 1/8 a block is its DC coefficient alone, and a
 * progressive file's AC scans are not even read. A 1600x2000 crop becomes 200x250 pixels for
 * little more than its Huffman decoding. Baseline and progressive Huffman coding, any sampling
 * factors, restart intervals, grey, YCbCr, RGB, CMYK and YCCK; 8-bit only (12-bit,
 * arithmetic-coded, lossless and hierarchical files are `broken`). Pure TypeScript: Deno
 * (Supabase) and Node (the local platform) run it alike. Issue 44's renditions decode at 1 or
 * 1/2 through the same path.
 */
import { broken, startsWith, u16be } from './bytes.ts';
import { MAX_PIXELS } from './limits.ts';
import { isFrame, type JpegSegment, segments, SOS } from './jpeg.ts';

export type JpegScale = 1 | 2 | 4 | 8;

/** Decoded pixels, RGBA, row-major. */
export interface RgbaImage {
  width: number;
  height: number;
  data: Uint8Array;
}

/** Zig-zag position k -> row-major index in the 8x8 block (jpeg_natural_order). */
const NATURAL = new Uint8Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28, 35, 42, 49, 56, 57,
  50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
]);

/** More scans than any encoder writes (libjpeg's richest progression has 10): each costs a pass over the blocks. */
const MAX_SCANS = 64;

interface Huffman {
  /** The next 9 bits -> (code length << 8 | symbol), 0 for a longer code. */
  fast: Uint16Array;
  /** Per length 10-16: the largest code of that length (-1: none) and where its symbols start. */
  maxcode: Int32Array;
  offset: Int32Array;
  values: Uint8Array;
}

function huffmanTable(counts: Uint8Array, values: Uint8Array): Huffman {
  const t: Huffman = { fast: new Uint16Array(512), maxcode: new Int32Array(17).fill(-1), offset: new Int32Array(17), values };
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    const n = counts[len - 1]!;
    t.offset[len] = k - code;
    for (let i = 0; i < n; i++, k++, code++) {
      if (k >= values.length) throw broken('JPEG Huffman table shorter than its counts');
      if (len <= 9) t.fast.fill((len << 8) | values[k]!, code << (9 - len), (code + 1) << (9 - len));
    }
    if (n) t.maxcode[len] = code - 1;
    if (code > 1 << len) throw broken('JPEG Huffman table with too many codes');
    code <<= 1;
  }
  return t;
}

/** Zero bytes read past a scan's data before it counts as cut short (the reader looks 4 bytes ahead). */
const MAX_PADDING = 64;

/**
 * The entropy-coded bits of a scan: 0xFF00 is 0xFF, a marker ends the bits and zeros follow,
 * as libjpeg does, but only a few: a scan whose data runs out long before its blocks do is
 * `broken`, so a small file cannot make the decoder work for long (each scan costs its bytes).
 */
class Bits {
  private acc = 0;
  private n = 0;
  private atMarker = false;
  private padding = 0;

  constructor(
    private readonly b: Uint8Array,
    private pos: number,
    private readonly end: number,
  ) {}

  private fill(): void {
    while (this.n <= 24) {
      let byte = 0;
      if (!this.atMarker && this.pos < this.end) {
        byte = this.b[this.pos]!;
        if (byte !== 0xff) this.pos++;
        else if (this.b[this.pos + 1] === 0) this.pos += 2;
        else {
          this.atMarker = true;
          byte = 0;
        }
      }
      if ((this.atMarker || this.pos >= this.end) && byte === 0 && ++this.padding > MAX_PADDING) throw broken('JPEG scan data shorter than its blocks');
      this.acc = (this.acc << 8) | byte;
      this.n += 8;
    }
  }

  bits(k: number): number {
    if (this.n < k) this.fill();
    this.n -= k;
    return (this.acc >>> this.n) & ((1 << k) - 1);
  }

  /** `k` bits as a signed value (the JPEG 'EXTEND' of a magnitude category, at most 16 bits). */
  signed(k: number): number {
    if (k > 16) throw broken('JPEG coefficient out of range');
    const v = this.bits(k);
    return v < 1 << (k - 1) ? v - (1 << k) + 1 : v;
  }

  huffman(t: Huffman): number {
    if (this.n < 16) this.fill();
    const hit = t.fast[(this.acc >>> (this.n - 9)) & 511]!;
    if (hit) {
      this.n -= hit >> 8;
      return hit & 255;
    }
    for (let len = 10; len <= 16; len++) {
      const code = (this.acc >>> (this.n - len)) & ((1 << len) - 1);
      if (code <= t.maxcode[len]!) {
        this.n -= len;
        return t.values[t.offset[len]! + code]!;
      }
    }
    throw broken('JPEG with an invalid Huffman code');
  }

  /** After a restart interval: the bits left are padding, the RSTn marker is skipped. */
  restart(): void {
    this.acc = 0;
    this.n = 0;
    this.atMarker = false;
    this.padding = 0;
    while (this.pos < this.end && this.b[this.pos] !== 0xff) this.pos++;
    while (this.b[this.pos + 1] === 0xff) this.pos++;
    const m = this.b[this.pos + 1];
    if (m !== undefined && m >= 0xd0 && m <= 0xd7) this.pos += 2;
  }
}

interface Component {
  id: number;
  h: number;
  v: number;
  quant: number;
  /** Blocks holding image data, and the blocks the MCUs allocate (a multiple of h and v). */
  blocksPerLine: number;
  blocksPerColumn: number;
  blocksPerLineAlloc: number;
  blocksPerColumnAlloc: number;
  dc?: Huffman;
  ac?: Huffman;
  pred: number;
  /** Its quantization table (row-major), set when a scan of it starts. */
  q: Uint16Array;
  /** Progressive files only: the coefficients as read, 64 a block (1 when only DC is kept). */
  coefs?: Int16Array;
  /** Samples each block gives across and down (8 / this component's own scale). */
  nx: number;
  ny: number;
  /** nx x 8 and ny x 8: row i is the mean of the IDCT basis over that output sample's pixels. */
  colBasis: Float32Array;
  rowBasis: Float32Array;
  /** The component's samples at its scale, level-shifted (0-255, unclamped). */
  plane: Float32Array;
  planeWidth: number;
}

interface Frame {
  width: number;
  height: number;
  progressive: boolean;
  components: Component[];
  maxH: number;
  maxV: number;
  mcusPerLine: number;
  mcusPerColumn: number;
}

/**
 * The 1-D IDCT basis, a(x, u) = C(u)/2 cos((2x + 1) u pi / 16), averaged over runs of `per`
 * pixels: `8 / per` rows of 8 (per = 1 is the plain IDCT, per = 8 keeps only the DC term).
 */
function basis(per: number): Float32Array {
  const n = 8 / per;
  const out = new Float32Array(n * 8);
  for (let i = 0; i < n; i++)
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let x = i * per; x < (i + 1) * per; x++) sum += ((u === 0 ? Math.SQRT1_2 : 1) / 2) * Math.cos(((2 * x + 1) * u * Math.PI) / 16);
      out[i * 8 + u] = sum / per;
    }
  return out;
}

/** The largest of 8, 4, 2, 1 not above `wanted` (a subsampled component's scale is the image's, divided). */
const powerOfTwoAtMost = (wanted: number) => (wanted >= 8 ? 8 : wanted >= 4 ? 4 : wanted >= 2 ? 2 : 1);

function readFrame(b: Uint8Array, s: JpegSegment, scale: JpegScale, maxPixels: number): Frame {
  const marker = s.id;
  // C0 baseline, C1 extended sequential, C2 progressive, all Huffman-coded; the rest is not what cameras or browsers write.
  if (marker !== 0xc0 && marker !== 0xc1 && marker !== 0xc2) throw broken('JPEG coding not supported (lossless, hierarchical or arithmetic)');
  const at = s.start + 4;
  if (b[at] !== 8) throw broken('JPEG of other than 8-bit samples');
  const height = u16be(b, at + 1);
  const width = u16be(b, at + 3);
  const count = b[at + 5]!;
  if (!width || !height) throw broken('JPEG frame without a size');
  if (width * height > maxPixels) throw broken('JPEG larger than the decoder takes');
  if (![1, 3, 4].includes(count) || s.end - at < 6 + count * 3) throw broken('JPEG frame with an unsupported number of components');
  const raw = Array.from({ length: count }, (_, i) => {
    const p = at + 6 + i * 3;
    const h = b[p + 1]! >> 4;
    const v = b[p + 1]! & 15;
    if (h < 1 || h > 4 || v < 1 || v > 4 || b[p + 2]! > 3) throw broken('JPEG component with invalid sampling or table');
    return { id: b[p]!, h, v, quant: b[p + 2]! };
  });
  const maxH = Math.max(...raw.map((c) => c.h));
  const maxV = Math.max(...raw.map((c) => c.v));
  const mcusPerLine = Math.ceil(width / (8 * maxH));
  const mcusPerColumn = Math.ceil(height / (8 * maxV));
  const components = raw.map((c): Component => {
    const sx = powerOfTwoAtMost((scale * c.h) / maxH);
    const sy = powerOfTwoAtMost((scale * c.v) / maxV);
    const blocksPerLineAlloc = mcusPerLine * c.h;
    const blocksPerColumnAlloc = mcusPerColumn * c.v;
    const nx = 8 / sx;
    const ny = 8 / sy;
    return {
      ...c,
      blocksPerLine: Math.ceil(Math.ceil((width * c.h) / maxH) / 8),
      blocksPerColumn: Math.ceil(Math.ceil((height * c.v) / maxV) / 8),
      blocksPerLineAlloc,
      blocksPerColumnAlloc,
      pred: 0,
      q: new Uint16Array(64),
      nx,
      ny,
      colBasis: basis(sx),
      rowBasis: basis(sy),
      plane: new Float32Array(blocksPerLineAlloc * nx * blocksPerColumnAlloc * ny),
      planeWidth: blocksPerLineAlloc * nx,
    };
  });
  return { width, height, progressive: marker === 0xc2, components, maxH, maxV, mcusPerLine, mcusPerColumn };
}

/** A component drawn one sample a block: from its DC coefficient alone. */
const isDcOnly = (c: Component) => c.nx === 1 && c.ny === 1;

/**
 * Dequantized coefficients (row-major) -> the component's samples for block (row, col), through
 * its bases. Without AC (`hasAc` false: most blocks of a smooth picture) every sample is the DC's mean.
 */
function drawBlock(c: Component, block: Float32Array, row: number, col: number, tmp: Float32Array, hasAc: boolean): void {
  const { nx, ny, plane, planeWidth } = c;
  let at = row * ny * planeWidth + col * nx;
  if (!hasAc || isDcOnly(c)) {
    const mean = block[0]! / 8 + 128;
    for (let i = 0; i < ny; i++, at += planeWidth) plane.fill(mean, at, at + nx);
    return;
  }
  // Down the columns first: tmp[i][u] = sum over v of rowBasis[i][v] * block[v][u].
  const rb = c.rowBasis;
  const cb = c.colBasis;
  for (let i = 0; i < ny; i++)
    for (let u = 0; u < 8; u++) {
      let sum = 0;
      for (let v = 0; v < 8; v++) sum += rb[i * 8 + v]! * block[v * 8 + u]!;
      tmp[i * 8 + u] = sum;
    }
  for (let i = 0; i < ny; i++, at += planeWidth)
    for (let j = 0; j < nx; j++) {
      let sum = 0;
      for (let u = 0; u < 8; u++) sum += cb[j * 8 + u]! * tmp[i * 8 + u]!;
      plane[at + j] = sum + 128;
    }
}

interface Scan {
  components: Component[];
  start: number;
  end: number;
  high: number;
  low: number;
}

function readScanHeader(b: Uint8Array, s: JpegSegment, frame: Frame, dc: Huffman[], ac: Huffman[]): { scan: Scan; dataStart: number } {
  const at = s.start + 4;
  const count = b[at]!;
  const headerEnd = at + 1 + count * 2 + 3;
  if (count < 1 || count > 4 || headerEnd > s.end) throw broken('truncated JPEG scan header');
  const components = Array.from({ length: count }, (_, i) => {
    const c = frame.components.find((x) => x.id === b[at + 1 + i * 2]);
    if (!c) throw broken('JPEG scan of an unknown component');
    const tables = b[at + 2 + i * 2]!;
    c.dc = dc[tables >> 4];
    c.ac = ac[tables & 15];
    return c;
  });
  const p = at + 1 + count * 2;
  return { scan: { components, start: b[p]!, end: b[p + 1]!, high: b[p + 2]! >> 4, low: b[p + 2]! & 15 }, dataStart: headerEnd };
}

/**
 * The coefficients of one block of a sequential file, dequantized into `block` (the AC ones read
 * past, not kept, when only DC is drawn); whether any AC coefficient was kept.
 */
function sequentialBlock(bits: Bits, c: Component, q: Uint16Array, block: Float32Array, dcOnly: boolean): boolean {
  const t = bits.huffman(c.dc!);
  c.pred += t ? bits.signed(t) : 0;
  let hasAc = false;
  if (!dcOnly) block.fill(0);
  block[0] = c.pred * q[0]!;
  for (let k = 1; k < 64; ) {
    const rs = bits.huffman(c.ac!);
    const size = rs & 15;
    const run = rs >> 4;
    if (!size) {
      if (run !== 15) break;
      k += 16;
      continue;
    }
    k += run;
    if (k > 63) throw broken('JPEG block with more than 64 coefficients');
    const value = bits.signed(size);
    if (!dcOnly) {
      block[NATURAL[k]!] = value * q[NATURAL[k]!]!;
      hasAc = true;
    }
    k++;
  }
  return hasAc;
}

/** Progressive decoding state of one scan (the end-of-band run carries over blocks). */
class Progressive {
  eobrun = 0;

  constructor(
    private readonly bits: Bits,
    private readonly scan: Scan,
  ) {}

  dcFirst(c: Component, coefs: Int16Array, at: number): void {
    const t = this.bits.huffman(c.dc!);
    c.pred += t ? this.bits.signed(t) : 0;
    coefs[at] = c.pred * (1 << this.scan.low);
  }

  dcRefine(coefs: Int16Array, at: number): void {
    if (this.bits.bits(1)) coefs[at]! |= 1 << this.scan.low;
  }

  acFirst(c: Component, coefs: Int16Array, at: number): void {
    if (this.eobrun > 0) {
      this.eobrun--;
      return;
    }
    const { end, low } = this.scan;
    for (let k = this.scan.start; k <= end; ) {
      const rs = this.bits.huffman(c.ac!);
      const size = rs & 15;
      const run = rs >> 4;
      if (!size) {
        if (run < 15) {
          this.eobrun = (1 << run) - 1 + (run ? this.bits.bits(run) : 0);
          break;
        }
        k += 16;
        continue;
      }
      k += run;
      if (k > 63) throw broken('JPEG block with more than 64 coefficients');
      coefs[at + NATURAL[k]!] = this.bits.signed(size) * (1 << low);
      k++;
    }
  }

  /** libjpeg's decode_mcu_AC_refine: correction bits for known coefficients, new ones of +-1 << low. */
  acRefine(c: Component, coefs: Int16Array, at: number): void {
    const { end, low } = this.scan;
    const p1 = 1 << low;
    const m1 = -1 << low;
    const correct = (z: number) => {
      if (this.bits.bits(1) && (coefs[z]! & p1) === 0) coefs[z]! += coefs[z]! >= 0 ? p1 : m1;
    };
    let k = this.scan.start;
    if (this.eobrun === 0) {
      for (; k <= end; k++) {
        const rs = this.bits.huffman(c.ac!);
        let run = rs >> 4;
        let value = 0;
        if (rs & 15) value = this.bits.bits(1) ? p1 : m1;
        else if (run !== 15) {
          this.eobrun = (1 << run) + (run ? this.bits.bits(run) : 0);
          break;
        }
        for (; k <= end; k++) {
          const z = at + NATURAL[k]!;
          if (coefs[z]) correct(z);
          else if (--run < 0) break;
        }
        if (value) {
          if (k > 63) throw broken('JPEG block with more than 64 coefficients');
          coefs[at + NATURAL[k]!] = value;
        }
      }
    }
    if (this.eobrun > 0) {
      for (; k <= end; k++) {
        const z = at + NATURAL[k]!;
        if (coefs[z]) correct(z);
      }
      this.eobrun--;
    }
  }
}

/**
 * Calls `each(component, blockRow, blockCol)` for every block of a scan, in the order its data
 * holds them (interleaved: MCU by MCU; one component: its own blocks row by row), restarting the
 * bits at each restart interval.
 */
function walkScan(frame: Frame, scan: Scan, bits: Bits, restartInterval: number, onRestart: () => void, each: (c: Component, row: number, col: number) => void): void {
  const single = scan.components.length === 1 ? scan.components[0]! : null;
  const mcus = single ? single.blocksPerLine * single.blocksPerColumn : frame.mcusPerLine * frame.mcusPerColumn;
  for (let mcu = 0; mcu < mcus; mcu++) {
    if (restartInterval && mcu && mcu % restartInterval === 0) {
      bits.restart();
      for (const c of scan.components) c.pred = 0;
      onRestart();
    }
    if (single) {
      each(single, Math.floor(mcu / single.blocksPerLine), mcu % single.blocksPerLine);
      continue;
    }
    const mcuRow = Math.floor(mcu / frame.mcusPerLine);
    const mcuCol = mcu % frame.mcusPerLine;
    for (const c of scan.components)
      for (let v = 0; v < c.v; v++) for (let h = 0; h < c.h; h++) each(c, mcuRow * c.v + v, mcuCol * c.h + h);
  }
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));

/** The components' planes as RGBA at the output size, each sampled at the output pixel's centre. */
function toRgba(frame: Frame, scale: JpegScale, transform: number | null): RgbaImage {
  const width = Math.ceil(frame.width / scale);
  const height = Math.ceil(frame.height / scale);
  const data = new Uint8Array(width * height * 4);
  const cs = frame.components;
  // Where each output column and row reads each component's plane.
  const cols = cs.map((c) => Int32Array.from({ length: width }, (_, x) => Math.floor(((x + 0.5) * scale * c.h) / (frame.maxH * (8 / c.nx)))));
  const rows = cs.map((c) => Int32Array.from({ length: height }, (_, y) => Math.floor(((y + 0.5) * scale * c.v) / (frame.maxV * (8 / c.ny)))));
  const rgb = cs.length === 3 && (transform === 0 || (transform === null && cs[0]!.id === 82 && cs[1]!.id === 71 && cs[2]!.id === 66));
  const ycc = (cs.length === 3 && !rgb) || (cs.length === 4 && transform === 2);
  const sample = (i: number, x: number, y: number) => cs[i]!.plane[rows[i]![y]! * cs[i]!.planeWidth + cols[i]![x]!]!;
  for (let y = 0, o = 0; y < height; y++)
    for (let x = 0; x < width; x++, o += 4) {
      const a = sample(0, x, y);
      let r = a;
      let g = a;
      let bl = a;
      if (cs.length >= 3) {
        const p = sample(1, x, y);
        const q = sample(2, x, y);
        if (ycc) {
          r = a + 1.402 * (q - 128);
          g = a - 0.344136 * (p - 128) - 0.714136 * (q - 128);
          bl = a + 1.772 * (p - 128);
        } else {
          g = p;
          bl = q;
        }
      }
      if (cs.length === 4) {
        // Adobe's CMYK is stored inverted: the colour is each channel times K.
        const k = clamp(sample(3, x, y)) / 255;
        r = clamp(r) * k;
        g = clamp(g) * k;
        bl = clamp(bl) * k;
      }
      data[o] = clamp(r);
      data[o + 1] = clamp(g);
      data[o + 2] = clamp(bl);
      data[o + 3] = 255;
    }
  return { width, height, data };
}

/**
 * The picture of a JPEG at 1/scale of its size (each side rounded up), RGBA; an ImageError
 * `broken` for a file that does not decode, or one of more than `maxPixels` (the frame header
 * is read before anything is allocated). EXIF orientation is not applied.
 */
export function decodeJpeg(b: Uint8Array, opts: { scale?: JpegScale; maxPixels?: number } = {}): RgbaImage {
  const scale = opts.scale ?? 1;
  const quant: Uint16Array[] = [];
  const dc: Huffman[] = [];
  const ac: Huffman[] = [];
  let frame: Frame | null = null;
  let restartInterval = 0;
  let transform: number | null = null;
  let scans = 0;
  const block = new Float32Array(64);
  const tmp = new Float32Array(64);
  for (const s of segments(b)) {
    const at = s.start + 4;
    if (s.id === 0xdb) {
      for (let p = at; p < s.end; ) {
        const wide = b[p]! >> 4;
        if (p + 1 + 64 * (wide ? 2 : 1) > s.end) throw broken('truncated JPEG quantization table');
        const table = new Uint16Array(64);
        for (let k = 0; k < 64; k++) table[NATURAL[k]!] = wide ? u16be(b, p + 1 + k * 2) : b[p + 1 + k]!;
        quant[b[p]! & 15] = table;
        p += 1 + 64 * (wide ? 2 : 1);
      }
    } else if (s.id === 0xc4) {
      for (let p = at; p < s.end; ) {
        const counts = b.subarray(p + 1, p + 17);
        const total = counts.reduce((n, c) => n + c, 0);
        if (p + 17 + total > s.end) throw broken('truncated JPEG Huffman table');
        const t = huffmanTable(counts, b.subarray(p + 17, p + 17 + total));
        (b[p]! >> 4 ? ac : dc)[b[p]! & 15] = t;
        p += 17 + total;
      }
    } else if (s.id === 0xdd) restartInterval = u16be(b, at);
    else if (s.id === 0xee && s.end - at >= 12 && startsWith(b, at, 'Adobe')) transform = b[at + 11]!;
    else if (isFrame(s.id)) {
      if (frame) throw broken('JPEG with two frames');
      frame = readFrame(b, s, scale, opts.maxPixels ?? MAX_PIXELS);
    } else if (s.id === SOS) {
      if (!frame) throw broken('JPEG scan before its frame');
      if (++scans > MAX_SCANS) throw broken('JPEG with too many scans');
      decodeScan(b, s, frame, { dc, ac, quant, restartInterval, block, tmp });
    }
  }
  if (!frame || !scans) throw broken('JPEG without a frame and a scan');
  if (frame.progressive) drawProgressive(frame, quant, block, tmp);
  return toRgba(frame, scale, transform);
}

interface Tables {
  dc: Huffman[];
  ac: Huffman[];
  quant: Uint16Array[];
  restartInterval: number;
  block: Float32Array;
  tmp: Float32Array;
}

const quantOf = (t: Tables, c: Component) => {
  const q = t.quant[c.quant];
  if (!q) throw broken('JPEG component without its quantization table');
  return q;
};

function decodeScan(b: Uint8Array, s: JpegSegment, frame: Frame, t: Tables): void {
  const { scan, dataStart } = readScanHeader(b, s, frame, t.dc, t.ac);
  const bits = new Bits(b, dataStart, s.end);
  const dcScan = scan.start === 0;
  for (const c of scan.components) {
    c.pred = 0;
    const missing = frame.progressive ? (dcScan ? !scan.high && !c.dc : !c.ac) : !c.dc || !c.ac;
    if (missing) throw broken('JPEG scan without its Huffman tables');
  }
  if (!frame.progressive) {
    for (const c of scan.components) c.q = quantOf(t, c);
    walkScan(frame, scan, bits, t.restartInterval, () => undefined, (c, row, col) => {
      const hasAc = sequentialBlock(bits, c, c.q, t.block, isDcOnly(c));
      drawBlock(c, t.block, row, col, t.tmp, hasAc);
    });
    return;
  }
  if (scan.start > scan.end || scan.end > 63 || (dcScan && scan.end !== 0) || (!dcScan && scan.components.length !== 1))
    throw broken('JPEG progressive scan with an invalid band');
  // A component drawn from its DC alone (1/8): the AC bands do not change a block's mean, so they are not read.
  if (!dcScan && isDcOnly(scan.components[0]!)) return;
  for (const c of scan.components) c.coefs ??= new Int16Array(c.blocksPerLineAlloc * c.blocksPerColumnAlloc * (isDcOnly(c) ? 1 : 64));
  const p = new Progressive(bits, scan);
  walkScan(frame, scan, bits, t.restartInterval, () => (p.eobrun = 0), (c, row, col) => {
    const at = (row * c.blocksPerLineAlloc + col) * (isDcOnly(c) ? 1 : 64);
    if (dcScan) {
      if (scan.high) p.dcRefine(c.coefs!, at);
      else p.dcFirst(c, c.coefs!, at);
    } else if (scan.high) p.acRefine(c, c.coefs!, at);
    else p.acFirst(c, c.coefs!, at);
  });
}

/** A progressive file's coefficients, once every scan is read, dequantized and drawn. */
function drawProgressive(frame: Frame, quant: Uint16Array[], block: Float32Array, tmp: Float32Array): void {
  for (const c of frame.components) {
    const q = quant[c.quant];
    if (!q) throw broken('JPEG component without its quantization table');
    const per = isDcOnly(c) ? 1 : 64;
    const coefs = c.coefs ?? new Int16Array(c.blocksPerLineAlloc * c.blocksPerColumnAlloc * per);
    for (let row = 0, at = 0; row < c.blocksPerColumnAlloc; row++)
      for (let col = 0; col < c.blocksPerLineAlloc; col++, at += per) {
        let hasAc = false;
        block[0] = coefs[at]! * q[0]!;
        for (let i = 1; i < per; i++) hasAc = (block[i] = coefs[at + i]! * q[i]!) !== 0 || hasAc;
        drawBlock(c, block, row, col, tmp, hasAc);
      }
  }
}
