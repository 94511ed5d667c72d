/**
 * Bytes against a perceptual metric for the renditions' encoder settings (issue 44, decision
 * 0512's table): each picture's 720 px rendition (what a 360 px phone at DPR 2 draws) as WebP at
 * several qualities and as AVIF (@jsquash/avif, libaom) at several qualities and speeds, against
 * today's Storage transformation (800 px WebP q 75, sharp's libwebp as on the local platform).
 * SSIM (ssim.js, full resolution, no downsampling) of each decoded file against the uncompressed
 * picture at its own size; the encoder's CPU per picture. Pictures: six demo photos (flat
 * illustrations), two photo-like syntheses (1/f texture, objects, sensor noise, 1080 x 1350),
 * and any JPEG named on the command line (centre 4:5 crop, at most 720 px wide). Minutes of CPU,
 * so not part of `npm run bench`:
 *
 *   npx tsx tests/bench/image-quality.ts [photo.jpg ...]
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import avifEncoder from '@jsquash/avif/codec/enc/avif_enc.js';
import { defaultOptions as avifDefaults } from '@jsquash/avif/meta.js';
import webpEncoder from '@jsquash/webp/codec/enc/webp_enc_simd.js';
import { defaultOptions as webpDefaults } from '@jsquash/webp/meta.js';
import { WEBP_METHOD } from '../../supabase/functions/_shared/image/make-renditions.ts';
import { ALL_LISTINGS } from '../../supabase/seed/data.ts';
import { renderPhoto } from '../../supabase/seed/photos.ts';

const WIDTH = 720;
const TODAY = { width: 800, quality: 75 };
const WEBP_QUALITIES = [40, 50, 55, 60, 65, 72];
/** [quality, speed]: libaom's speed 6 is its default; 8 and above are the ones near the CPU budget. */
const AVIF_SETTINGS = [[50, 6], [45, 7], [40, 8], [45, 8], [50, 8]] as const;

type Picture = { data: Uint8ClampedArray; width: number; height: number };
interface Encoder {
  encode(rgba: Uint8Array, width: number, height: number, options: object): Uint8Array | null;
}

const require = createRequire(import.meta.url);
const codec = (factory: unknown, wasm: string) =>
  (factory as (o: object) => Promise<Encoder>)({ noInitialRun: true, wasmBinary: readFileSync(require.resolve(wasm)).buffer });
const [webp, avif] = await Promise.all([
  codec(webpEncoder, '@jsquash/webp/codec/enc/webp_enc_simd.wasm'),
  codec(avifEncoder, '@jsquash/avif/codec/enc/avif_enc.wasm'),
]);

async function pixels(file: Uint8Array, width?: number): Promise<Picture> {
  const { data, info } = await sharp(file).resize(width ? { width } : undefined).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height };
}

const similarity = async (reference: Picture, file: Uint8Array) =>
  ssim(reference, await pixels(file), { downsample: false }).mssim;

/** Photo-like: a 1/f sum of oriented waves per channel, a few soft-edged objects, sensor noise. */
async function synthetic(seed: number, width = 1080, height = 1350): Promise<Uint8Array> {
  let s = seed;
  const rnd = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const waves = Array.from({ length: 7 }, (_, o) => ({ f: (2 ** o / 300) * 2 * Math.PI, a: 1 / 2 ** o, phase: [rnd(), rnd(), rnd()].map((x) => x * 9), angle: [rnd(), rnd(), rnd()].map((x) => x * 6) }));
  const objects = Array.from({ length: 14 }, () => ({ x: rnd() * width, y: rnd() * height, r: 40 + rnd() * 220, colour: [rnd(), rnd(), rnd()].map((x) => x * 255) }));
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      for (let c = 0; c < 3; c++) {
        let v = 128;
        for (const w of waves) v += 55 * w.a * Math.sin((x * Math.cos(w.angle[c]!) + y * Math.sin(w.angle[c]!)) * w.f + w.phase[c]!);
        for (const o of objects) {
          const d = Math.hypot(x - o.x, y - o.y);
          if (d < o.r) v = v * 0.35 + o.colour[c]! * 0.65 + Math.sin(d / 3) * 8;
        }
        raw[(y * width + x) * 3 + c] = v + (rnd() - 0.5) * 10;
      }
  return sharp(raw, { raw: { width, height, channels: 3 } }).blur(0.6).jpeg({ quality: 95 }).toBuffer();
}

async function pictures(): Promise<{ name: string; crop: Uint8Array }[]> {
  const seed = await Promise.all(
    ALL_LISTINGS.slice(0, 6).map(async (l) => ({ name: `demo ${l.id.slice(-2)}`, crop: (await renderPhoto({ listingId: l.id, index: 0, city: l.city, zone: l.zone, category: l.category })).cropped })),
  );
  const photos = await Promise.all(
    process.argv.slice(2).map(async (path) => {
      const { width = 0, height = 0 } = await sharp(path).metadata();
      const w = Math.min(width, Math.floor((height * 4) / 5));
      const h = Math.floor((w * 5) / 4);
      return { name: path.split('/').at(-1)!, crop: await sharp(path).extract({ left: (width - w) >> 1, top: (height - h) >> 1, width: w, height: h }).jpeg({ quality: 95 }).toBuffer() };
    }),
  );
  return [...seed, { name: 'synthetic 1', crop: await synthetic(1) }, { name: 'synthetic 2', crop: await synthetic(2) }, ...photos];
}

const rows = new Map<string, { bytes: number; ssim: number[]; cpuMs: number }>();
function record(setting: string, bytes: number, score: number, cpuMs = 0) {
  const row = rows.get(setting) ?? { bytes: 0, ssim: [], cpuMs: 0 };
  row.bytes += bytes;
  row.ssim.push(score);
  row.cpuMs += cpuMs;
  rows.set(setting, row);
}

function timed(encoder: Encoder, p: Picture, options: object): { file: Uint8Array; cpuMs: number } {
  const before = process.cpuUsage();
  const file = encoder.encode(new Uint8Array(p.data.buffer, p.data.byteOffset, p.data.byteLength), p.width, p.height, options);
  const spent = process.cpuUsage(before);
  if (!file) throw new Error('encoding failed');
  return { file, cpuMs: (spent.user + spent.system) / 1000 };
}

const all = await pictures();
for (const { name, crop } of all) {
  const { width = 0 } = await sharp(crop).metadata();
  const today = await sharp(crop).resize({ width: Math.min(TODAY.width, width) }).webp({ quality: TODAY.quality }).toBuffer();
  record('today: 800 px WebP q 75', today.byteLength, await similarity(await pixels(crop, Math.min(TODAY.width, width)), today));
  const reference = await pixels(crop, Math.min(WIDTH, width));
  for (const quality of WEBP_QUALITIES) {
    const { file, cpuMs } = timed(webp, reference, { ...webpDefaults, quality, method: WEBP_METHOD });
    record(`WebP q ${quality}`, file.byteLength, await similarity(reference, file), cpuMs);
  }
  for (const [quality, speed] of AVIF_SETTINGS) {
    const { file, cpuMs } = timed(avif, reference, { ...avifDefaults, quality, speed });
    record(`AVIF q ${quality} speed ${speed}`, file.byteLength, await similarity(reference, file), cpuMs);
  }
  process.stderr.write(`${name} `);
}
const today = rows.get('today: 800 px WebP q 75')!.bytes;
console.log(`\n${all.length} pictures (${all.map((p) => p.name).join(', ')}), ${WIDTH} px`);
console.table(
  [...rows].map(([setting, r]) => ({
    setting,
    'KB (all)': Math.round(r.bytes / 102.4) / 10,
    'of today': `${Math.round((r.bytes / today) * 100)} %`,
    'SSIM mean': +(r.ssim.reduce((a, b) => a + b, 0) / r.ssim.length).toFixed(4),
    'SSIM min': +Math.min(...r.ssim).toFixed(4),
    'encode CPU ms / picture': Math.round(r.cpuMs / r.ssim.length),
  })),
);
