/// <reference lib="webworker" />
/**
 * The service worker (vite-plugin-pwa, injectManifest): precached app shell, network-first
 * listing API reads with a cache fallback, cache-first listing photos with expiry, the
 * offline page, the update handshake with workbox-window, and web push (push-sw.ts).
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { isListingApiRead, isListingPhoto, postCacheKey } from './swRoutes.ts';
import './push-sw.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

const API_CACHE = 'listing-api-v1';
const PHOTO_CACHE = 'listing-photos-v1';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls open pages at once (so what they read is cached); later
// versions wait for the user to accept the update prompt.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// App shell: every navigation renders index.html (the router takes over).
registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html')));

const apiExpiration = new CacheExpiration(API_CACHE, { maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 });

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
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 14 * 24 * 3600 })],
  }),
);

registerRoute(
  ({ url, request }) => isListingPhoto(url, request.method),
  new CacheFirst({
    cacheName: PHOTO_CACHE,
    matchOptions: { ignoreVary: true },
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      new ExpirationPlugin({ maxEntries: 500, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

// Anything else that fails offline: documents get the offline page.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache('/offline.html')) ?? Response.error();
  return Response.error();
});
