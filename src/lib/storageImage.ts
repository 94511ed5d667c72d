import { IMAGE_TRANSFORMS } from './env.ts';

const PUBLIC_OBJECT = '/storage/v1/object/public/';
const PUBLIC_RENDER = '/storage/v1/render/image/public/';

/**
 * The address of a public Storage image resized to `width` (height follows the aspect ratio),
 * as storage-js's getPublicUrl(path, { transform }) builds it; null for any other address.
 * Supabase answers a browser that accepts WebP with WebP.
 */
export function renditionUrl(url: string, width: number, quality: number): string | null {
  const at = url.indexOf(PUBLIC_OBJECT);
  if (at < 0 || url.includes('?')) return null;
  return `${url.slice(0, at)}${PUBLIC_RENDER}${url.slice(at + PUBLIC_OBJECT.length)}?width=${width}&quality=${quality}`;
}

/** The rendition a listing photo's `src` uses (800 px), which the offline copies keep too. */
export function defaultRendition(url: string): string {
  return (IMAGE_TRANSFORMS && renditionUrl(url, 800, 75)) || url;
}
