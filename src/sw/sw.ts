/// <reference lib="webworker" />
/**
 * The service worker's entry (vite-plugin-pwa, injectManifest): the precached app shell, the
 * update handshake with workbox-window, the offline page, and the rules of cacheRules.ts and
 * push.ts.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import { registerCacheRules } from './cacheRules.ts';
import { registerPush } from './push.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// '/' is served as every navigation is (app.html below), not as the precached index.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: 'app.html' });
cleanupOutdatedCaches();
// The first install controls open pages at once (so what they read is cached); later
// versions wait for the user to accept the update prompt.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// App shell: every navigation renders app.html, index.html with the app's tags in place (see
// vite.config.ts, prerenderShell); the router takes over.
registerRoute(new NavigationRoute(createHandlerBoundToURL('/app.html')));

registerCacheRules();
registerPush();

// Anything else that fails offline: documents get the offline page.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache('/offline.html')) ?? Response.error();
  return Response.error();
});
