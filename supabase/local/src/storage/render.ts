import { createHash } from 'node:crypto';
import { ERR } from './errors.ts';
import { createLimiter } from './limiter.ts';
import { sniffImageType } from './served-type.ts';

/** storage-js `transform` options as they arrive in the query string of /render/image/…. */
export interface ImageTransform {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  quality: number;
  /** 'origin' keeps the stored format; otherwise WebP when the client accepts it */
  format?: 'origin';
}

function dimension(value: string | null, name: string): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 2500) throw ERR.invalidRequest(`${name} must be an integer between 1 and 2500`);
  return n;
}

/** Why: getPublicUrl/createSignedUrl/download with `transform` ask for a resized image. */
export function transformFrom(url: URL): ImageTransform {
  const resize = url.searchParams.get('resize') ?? 'cover';
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') throw ERR.invalidRequest('resize must be cover, contain or fill');
  const quality = url.searchParams.has('quality') ? Number(url.searchParams.get('quality')) : 80;
  if (!Number.isInteger(quality) || quality < 20 || quality > 100) throw ERR.invalidRequest('quality must be an integer between 20 and 100');
  const format = url.searchParams.get('format');
  if (format !== null && format !== 'origin') throw ERR.invalidRequest('format must be origin');
  return {
    width: dimension(url.searchParams.get('width'), 'width'),
    height: dimension(url.searchParams.get('height'), 'height'),
    resize,
    quality,
    ...(format ? { format } : {}),
  };
}

export interface RenderedImage {
  bytes: Uint8Array;
  mimetype: string;
  eTag: string;
}

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;
/** sharp's output format for each raster type it renders */
const FORMAT = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/webp': 'webp', 'image/avif': 'avif', 'image/gif': 'gif', 'image/tiff': 'tiff' } as const;
type Sharp = (typeof import('sharp'))['default'];

/** sharp's format for a MIME type it renders */
function formatOf(type: string): (typeof FORMAT)[keyof typeof FORMAT] | undefined {
  return FORMAT[type.split(';')[0]!.trim().toLowerCase() as keyof typeof FORMAT];
}

/** The largest source rendered (width x height), read from its header before anything is decoded. */
const MAX_SOURCE_PIXELS = 40_000_000;

// Rendered variants by source and options: a listing page asks for the same twenty photos
// again and again, and resizing is milliseconds of CPU each time. Bounded by bytes.
const CACHE_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, RenderedImage>();
let cachedBytes = 0;

// A render takes a core and up to a few hundred MB: two at once, a bounded queue behind them.
const renders = createLimiter({ concurrency: 2, maxWaiting: 32, full: ERR.renderBusy });

// Source versions refused for their size: asked again, they are refused without being read.
const REFUSED_MAX = 1000;
const refused = new Set<string>();

function remember(key: string, image: RenderedImage) {
  cache.set(key, image);
  cachedBytes += image.bytes.byteLength;
  for (const [oldest, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= old.bytes.byteLength;
  }
}

function cached(key: string): RenderedImage | undefined {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key); // most recently used last
    cache.set(key, hit);
  }
  return hit;
}

function refuse(source: string): never {
  refused.add(source);
  if (refused.size > REFUSED_MAX) refused.delete(refused.values().next().value!);
  throw ERR.sourceTooLarge();
}

async function loadSharp(): Promise<Sharp | null> {
  try {
    return (await import('sharp')).default;
  } catch {
    return null;
  }
}

/**
 * Resizes with sharp (a dev dependency, loaded on first use) as Supabase's image
 * transformation does: WebP for a client that accepts it unless format=origin, else the stored
 * format. Anything that is not a raster image (by its label, then by its bytes), or a platform
 * without sharp, gets null (the original is served). `source` names the stored version
 * (bucket, key and ETag) for the cache; the stored bytes are read only to render, in one of
 * the limited render slots.
 */
export async function renderImage(
  read: () => Promise<Uint8Array>,
  mimetype: string,
  t: ImageTransform,
  opts: { acceptsWebp: boolean; source: string },
): Promise<RenderedImage | null> {
  const labelled = formatOf(mimetype);
  const webp = opts.acceptsWebp && t.format !== 'origin' && labelled !== 'gif';
  if (!labelled || (!t.width && !t.height && !webp)) return null;
  const key = JSON.stringify([opts.source, t.width, t.height, t.resize, t.quality, webp]);
  const hit = cached(key);
  if (hit) return hit;
  if (refused.has(opts.source)) throw ERR.sourceTooLarge();
  const sharp = await loadSharp();
  if (!sharp) return null;
  // Another request may have made the same rendition while this one waited.
  return renders.run(async () => cached(key) ?? render(sharp, await read(), t, { webp, key, source: opts.source }));
}

async function render(sharp: Sharp, bytes: Uint8Array, t: ImageTransform, opts: { webp: boolean; key: string; source: string }): Promise<RenderedImage | null> {
  // The bytes name the format; a label over other bytes gets the original (served by its bytes).
  const type = sniffImageType(bytes);
  const stored = type && formatOf(type);
  if (!type || !stored) return null;
  // metadata() parses the header only: a huge source is refused before a pixel is decoded.
  const { width = 0, height = 0 } = await sharp(bytes).metadata();
  if (width * height > MAX_SOURCE_PIXELS) refuse(opts.source);
  // A second guard: sharp itself refuses to decode more pixels than that.
  let image = sharp(bytes, { limitInputPixels: MAX_SOURCE_PIXELS }).rotate();
  if (t.width || t.height) image = image.resize({ width: t.width, height: t.height, fit: FIT[t.resize], withoutEnlargement: true });
  const format = opts.webp ? 'webp' : stored;
  const out = new Uint8Array(await image.toFormat(format, format === 'gif' ? {} : { quality: t.quality }).toBuffer());
  const result = { bytes: out, mimetype: opts.webp ? 'image/webp' : type, eTag: `"${createHash('md5').update(out).digest('hex')}"` };
  remember(opts.key, result);
  return result;
}
