import { thumbHashToDataURL } from 'thumbhash';

/** Pages of cards scrolled through; a data: URL is about 1 KB. */
const KEPT = 500;
const decoded = new Map<string, string>();

/**
 * The picture a photo's ThumbHash (base64, from its row) stands for, as a data: URL for the
 * frame's background until the photo arrives: decoded once per hash, since a card renders
 * again and again. Undefined for a hash that does not decode.
 */
export function placeholderUrl(hash: string | null | undefined): string | undefined {
  if (!hash) return undefined;
  let url = decoded.get(hash);
  if (url === undefined) {
    try {
      url = thumbHashToDataURL(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0)));
    } catch {
      url = '';
    }
    if (decoded.size >= KEPT) decoded.delete(decoded.keys().next().value!);
    decoded.set(hash, url);
  }
  return url || undefined;
}
