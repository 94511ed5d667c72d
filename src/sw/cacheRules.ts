/// <reference lib="webworker" />
/**
 * Which requests the service worker caches and how: network-first listing reads of the API
 * with a cache fallback, cache-first listing photos kept for a year (every photo address names
 * bytes that never change: a crop's random name, a rendition's hash of the crop). The matchers
 * are pure (unit tested); registerCacheRules installs the routes.
 */
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { RENDITION_KEY_LENGTH } from '../../supabase/functions/_shared/image/renditions.ts';

/** Listing reads of the API: the public search and detail functions and direct listing selects. */
export const LISTING_RPC = /\/rest\/v1\/rpc\/(search_listings|search_listings_count|listing_detail)\/?$/;
export const LISTING_TABLES = /\/rest\/v1\/(listings|listing_photos)\/?$/;
/** Listing photos in Storage: crops and their renditions, public objects. */
export const LISTING_PHOTO = /\/storage\/v1\/object\/public\/listing_photos\//;
/** A rendition's name: its photo's prefix, then its width and format (supabase/functions/_shared/image/renditions.ts). */
const RENDITION_NAME = new RegExp(`^(.+/[0-9a-f]{${RENDITION_KEY_LENGTH}})-\\d+\\.(?:webp|avif|jpg)$`);

export function isListingApiRead(url: URL, method: string): boolean {
  if (method === 'POST') return LISTING_RPC.test(url.pathname);
  if (method === 'GET') return LISTING_RPC.test(url.pathname) || LISTING_TABLES.test(url.pathname);
  return false;
}

export function isListingPhoto(url: URL, method: string): boolean {
  return method === 'GET' && LISTING_PHOTO.test(url.pathname);
}

/** The photo an address shows, the same for each of its renditions; null for another address. */
export function photoObjectPath(url: URL): string | null {
  const path = /\/storage\/v1\/object\/public\/(listing_photos\/.+)$/.exec(url.pathname)?.[1];
  return path ? (RENDITION_NAME.exec(path)?.[1] ?? path) : null;
}

/**
 * Of the kept photo addresses, the one that stands in offline for `url`: another width of the
 * same photo, in the format asked if one is kept, else in another (the browser goes by the
 * bytes, and a kept file is one this browser chose, so it decodes it).
 */
export function standIn(url: URL, kept: readonly URL[]): URL | undefined {
  const photo = photoObjectPath(url);
  const same = kept.filter((k) => photoObjectPath(k) === photo);
  const format = (u: URL) => u.pathname.slice(u.pathname.lastIndexOf('.'));
  return same.find((k) => format(k) === format(url)) ?? same[0];
}

/** A GET cache key for a POST read: the URL plus the request body. */
export function postCacheKey(url: string, body: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}__body=${encodeURIComponent(body)}`;
}

const API_CACHE = 'listing-api-v1';
const PHOTO_CACHE = 'listing-photos-v1';
const API_LIMITS = { maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 };

export function registerCacheRules(): void {
  const apiExpiration = new CacheExpiration(API_CACHE, API_LIMITS);

  /** Network first for POST reads (search, detail): the body is part of the cache key. */
  async function postNetworkFirst({ request }: { request: Request }): Promise<Response> {
    const key = postCacheKey(request.url, await request.clone().text());
    const cache = await caches.open(API_CACHE);
    try {
      const response = await fetch(request);
      if (response.ok) {
        await cache.put(key, response.clone());
        await apiExpiration.updateTimestamp(key);
        void apiExpiration.expireEntries();
      }
      return response;
    } catch (err) {
      const cached = await cache.match(key, { ignoreVary: true });
      if (cached) return cached;
      throw err;
    }
  }

  registerRoute(({ url, request }) => request.method === 'POST' && isListingApiRead(url, 'POST'), postNetworkFirst, 'POST');
  registerRoute(
    ({ url, request }) => isListingApiRead(url, request.method),
    new NetworkFirst({
      cacheName: API_CACHE,
      networkTimeoutSeconds: 8,
      matchOptions: { ignoreVary: true },
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin(API_LIMITS)],
    }),
  );

  const photos = new CacheFirst({
    cacheName: PHOTO_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [
      // Asked with CORS (Storage allows any origin), not as the <img>'s opaque request: a photo
      // of a listing held for review answers 404 at its public address, and an opaque 404 would
      // be kept for a year, over the photo it becomes once approved.
      { requestWillFetch: ({ request }) => Promise.resolve(new Request(request.url, { mode: 'cors', credentials: 'omit' })) },
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 365 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  });
  /** Offline, another width of the same photo beats none (the card's kept, the gallery's wanted). */
  async function anyRendition(url: URL): Promise<Response | undefined> {
    const cache = await caches.open(PHOTO_CACHE);
    const other = standIn(url, (await cache.keys()).map((key) => new URL(key.url)));
    return other && cache.match(other.href, { ignoreVary: true });
  }
  registerRoute(
    ({ url, request }) => isListingPhoto(url, request.method),
    async (options) => {
      try {
        return await photos.handle(options);
      } catch (err) {
        const other = await anyRendition(options.url);
        if (other) return other;
        throw err;
      }
    },
  );
}
