/**
 * The test set the duplicate-photo threshold is chosen from (docs/decisions/0606-duplicate-threshold-and-variants.md):
 * source pictures (the demo's illustrated art and random "photographic" textures, as 4:5 JPEG
 * crops) and, for each, the copies a thief would upload: resized, re-compressed, slightly
 * cropped, and these combined. Made with sharp (tests only: the server decodes with jpeg-decode.ts).
 */
import sharp from 'sharp';
import { renderPhoto } from '../../supabase/seed/photos.ts';

export type Variant = { name: string; bytes: Uint8Array };

const W = 800;
const H = 1000;

/** A deterministic pseudo-random texture: coloured blobs over a gradient, blurred like a photo. */
async function texture(seed: number): Promise<Buffer> {
  let s = seed * 2654435761 >>> 0;
  const rnd = () => ((s = (Math.imul(s ^ (s >>> 15), 2246822519) + 0x9e3779b9) >>> 0) / 2 ** 32);
  const blobs = Array.from({ length: 14 }, () => {
    const c = `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`;
    return `<ellipse cx="${rnd() * W}" cy="${rnd() * H}" rx="${40 + rnd() * 260}" ry="${40 + rnd() * 260}" fill="${c}" opacity="${0.4 + rnd() * 0.6}"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="${rnd()}" y2="1"><stop offset="0" stop-color="rgb(${Math.floor(rnd() * 255)},80,120)"/><stop offset="1" stop-color="rgb(30,${Math.floor(rnd() * 255)},90)"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${blobs}</svg>`;
  return sharp(Buffer.from(svg)).blur(3).jpeg({ quality: 88 }).toBuffer();
}

/** `n` source pictures: half the demo's art (cities, motifs and palettes vary), half textures. */
export async function sources(n: number): Promise<Uint8Array[]> {
  const cities = ['Milano', 'Roma', 'Napoli', 'Torino', 'Bologna', 'Firenze', 'Genova', 'Venezia'];
  const out: Buffer[] = [];
  for (let i = 0; i < n; i++) {
    if (i % 2 === 0) {
      const id = `b0000000-0000-4000-8000-0000000000${String(10 + (i % 50)).padStart(2, '0')}`;
      out.push((await renderPhoto({ listingId: id, index: i, city: cities[i % cities.length]! })).cropped);
    } else out.push(await texture(i));
  }
  return out.map((b) => new Uint8Array(b));
}

/** The copies of one source a re-upload would bring: each should count as the same photo. */
export async function copies(source: Uint8Array): Promise<Variant[]> {
  const img = () => sharp(source);
  const { width = W, height = H } = await img().metadata();
  const crop = (f: number) => ({ left: Math.round(width * f), top: Math.round(height * f), width: Math.round(width * (1 - 2 * f)), height: Math.round(height * (1 - 2 * f)) });
  const jobs: [string, ReturnType<typeof sharp>][] = [
    ['resized 50%', img().resize(Math.round(width / 2)).jpeg({ quality: 85 })],
    ['resized 30%', img().resize(Math.round(width * 0.3)).jpeg({ quality: 85 })],
    ['enlarged 150%', img().resize(Math.round(width * 1.5)).jpeg({ quality: 85 })],
    ['re-compressed q40', img().jpeg({ quality: 40 })],
    ['re-compressed q15', img().jpeg({ quality: 15 })],
    ['cropped 2%', img().extract(crop(0.02)).jpeg({ quality: 85 })],
    ['cropped 4%', img().extract(crop(0.04)).jpeg({ quality: 85 })],
    ['resized 60% + q50', img().resize(Math.round(width * 0.6)).jpeg({ quality: 50 })],
    ['cropped 3% + resized 70% + q60', img().extract(crop(0.03)).resize(Math.round(width * 0.7)).jpeg({ quality: 60 })],
    ['progressive', img().jpeg({ quality: 80, progressive: true })],
    ['brighter', img().modulate({ brightness: 1.1 }).jpeg({ quality: 85 })],
  ];
  return Promise.all(jobs.map(async ([name, s]) => ({ name, bytes: new Uint8Array(await s.toBuffer()) })));
}

/**
 * The copies a thief makes to escape a plain pHash (issue 40): 5 % and 10 % crops, a mirror,
 * 5 % borders (white, black, blurred), a caption band, recolours and rotations of a few
 * degrees, alone and re-compressed. Each must be caught through the photos' hash variants.
 */
export async function thiefCopies(source: Uint8Array): Promise<Variant[]> {
  const img = () => sharp(source);
  const { width = W, height = H } = await img().metadata();
  const crop = (f: number) => ({ left: Math.round(width * f), top: Math.round(height * f), width: Math.round(width * (1 - 2 * f)), height: Math.round(height * (1 - 2 * f)) });
  const border = (f: number, background: string) =>
    img().extend({ top: Math.round(height * f), bottom: Math.round(height * f), left: Math.round(width * f), right: Math.round(width * f), background });
  const caption = (pos: 'top' | 'bottom', fill: string) => {
    const band = Math.round(height * 0.1);
    const y = pos === 'top' ? 0 : height - band;
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect x="0" y="${y}" width="${width}" height="${band}" fill="${fill}" opacity="0.85"/><text x="${width / 2}" y="${y + band * 0.68}" font-size="${band * 0.5}" text-anchor="middle" font-family="sans-serif" fill="${fill === 'black' ? 'white' : 'black'}">Nuova in città 333 1234567</text></svg>`;
    return img().composite([{ input: Buffer.from(svg), top: 0, left: 0 }]);
  };
  /** Rotated by `deg` degrees and cut back to the upright rectangle inside it (no corners). */
  const rotated = async (deg: number) => {
    const r = await img().rotate(deg, { background: '#000' }).toBuffer({ resolveWithObject: true });
    const a = (Math.abs(deg) * Math.PI) / 180;
    // The largest centred rectangle of the original aspect inside the rotated picture.
    const k = 1 / (Math.cos(a) + Math.sin(a) * Math.max(width / height, height / width));
    const w = Math.floor(width * k);
    const h = Math.floor(height * k);
    return sharp(r.data).extract({ left: Math.floor((r.info.width - w) / 2), top: Math.floor((r.info.height - h) / 2), width: w, height: h });
  };
  const jobs: [string, () => Promise<ReturnType<typeof sharp>> | ReturnType<typeof sharp>][] = [
    ['cropped 5%', () => img().extract(crop(0.05))],
    ['cropped 10%', () => img().extract(crop(0.1))],
    ['cropped 7% + resized 60% + q60', () => img().extract(crop(0.07)).resize(Math.round(width * 0.6))],
    ['mirror', () => img().flop()],
    ['mirror + cropped 3% + q50', () => img().flop().extract(crop(0.03))],
    ['border 5% white', () => border(0.05, '#ffffff')],
    ['border 5% black', () => border(0.05, '#000000')],
    ['border 3% grey', () => border(0.03, '#808080')],
    ['caption band bottom', () => caption('bottom', 'white')],
    ['caption band top', () => caption('top', 'black')],
    ['recolour hue 90', () => img().modulate({ hue: 90 })],
    ['recolour saturation 1.6', () => img().modulate({ saturation: 1.6 })],
    ['greyscale', () => img().greyscale()],
    ['sepia tint', () => img().tint('#704214')],
    ['rotated 2', () => rotated(2)],
    ['rotated -3', () => rotated(-3)],
  ];
  return Promise.all(jobs.map(async ([name, make]) => ({ name, bytes: new Uint8Array(await (await make()).jpeg({ quality: name.includes('q60') ? 60 : name.includes('q50') ? 50 : 85 }).toBuffer()) })));
}
