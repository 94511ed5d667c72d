import { ERR } from './errors.ts';

/** storage-js `transform` options as they arrive in the query string of /render/image/…. */
export interface ImageTransform {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  quality: number;
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
  return {
    width: dimension(url.searchParams.get('width'), 'width'),
    height: dimension(url.searchParams.get('height'), 'height'),
    resize,
    quality,
  };
}

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;
const RASTER = /^image\/(png|jpe?g|webp|avif|gif|tiff)$/i;

/**
 * Resizes with sharp (a dev dependency, loaded on first use), keeping the original format, the
 * way Supabase's image transformation does with format=origin. Anything that is not a raster
 * image, or a platform without sharp, gets the original bytes.
 */
export async function renderImage(bytes: Uint8Array, mimetype: string, t: ImageTransform): Promise<Uint8Array> {
  if (!RASTER.test(mimetype.split(';')[0]!.trim()) || (!t.width && !t.height)) return bytes;
  let sharp: (typeof import('sharp'))['default'];
  try {
    sharp = (await import('sharp')).default;
  } catch {
    return bytes;
  }
  const image = sharp(bytes).rotate().resize({ width: t.width, height: t.height, fit: FIT[t.resize] });
  const format = mimetype.toLowerCase().includes('png')
    ? image.png({ quality: t.quality })
    : mimetype.toLowerCase().includes('webp')
      ? image.webp({ quality: t.quality })
      : mimetype.toLowerCase().includes('avif')
        ? image.avif({ quality: t.quality })
        : mimetype.toLowerCase().includes('gif')
          ? image.gif()
          : mimetype.toLowerCase().includes('tiff')
            ? image.tiff({ quality: t.quality })
            : image.jpeg({ quality: t.quality });
  return new Uint8Array(await format.toBuffer());
}
