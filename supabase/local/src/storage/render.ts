import { createHash } from 'node:crypto';
import { ERR } from './errors.ts';

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

// Rendered variants by source and options: a listing page asks for the same twenty photos
// again and again, and resizing is milliseconds of CPU each time. Bounded by bytes.
const CACHE_BYTES = 64 * 1024 * 1024;
const cache = new Map<string, RenderedImage>();
let cachedBytes = 0;

function remember(key: string, image: RenderedImage) {
  cache.set(key, image);
  cachedBytes += image.bytes.byteLength;
  for (const [oldest, old] of cache) {
    if (cachedBytes <= CACHE_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= old.bytes.byteLength;
  }
}

/**
 * Resizes with sharp (a dev dependency, loaded on first use) as Supabase's image
 * transformation does: WebP for a client that accepts it unless format=origin, else the stored
 * format. Anything that is not a raster image, or a platform without sharp, gets null (the
 * original is served). `source` names the stored version (bucket, key and ETag) for the
 * cache; the stored bytes are read only to render.
 */
export async function renderImage(
  read: () => Promise<Uint8Array>,
  mimetype: string,
  t: ImageTransform,
  opts: { acceptsWebp: boolean; source: string },
): Promise<RenderedImage | null> {
  const type = mimetype.split(';')[0]!.trim().toLowerCase();
  const stored = FORMAT[type as keyof typeof FORMAT];
  const webp = opts.acceptsWebp && t.format !== 'origin' && stored !== 'gif';
  if (!stored || (!t.width && !t.height && !webp)) return null;
  const key = JSON.stringify([opts.source, t.width, t.height, t.resize, t.quality, webp]);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key); // most recently used last
    cache.set(key, hit);
    return hit;
  }
  let sharp: (typeof import('sharp'))['default'];
  try {
    sharp = (await import('sharp')).default;
  } catch {
    return null;
  }
  let image = sharp(await read()).rotate();
  if (t.width || t.height) image = image.resize({ width: t.width, height: t.height, fit: FIT[t.resize], withoutEnlargement: true });
  const format = webp ? 'webp' : stored;
  const bytes = new Uint8Array(await image.toFormat(format, format === 'gif' ? {} : { quality: t.quality }).toBuffer());
  const result = { bytes, mimetype: webp ? 'image/webp' : type, eTag: `"${createHash('md5').update(bytes).digest('hex')}"` };
  remember(key, result);
  return result;
}
