/// <reference lib="webworker" />
/**
 * The service worker's entry (vite-plugin-pwa, injectManifest): the precached app shell, the
 * update handshake with workbox-window, the offline page, and the rules of cacheRules.ts,
 * push.ts and outbox.ts.
 */
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { clientsClaim } from 'workbox-core';
import { registerCacheRules } from './cacheRules.ts';
import { registerPush } from './push.ts';
import { registerOutboxSync } from './outbox.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The page every navigation gets: index.html with the app's tags in place (build/prerenderShell.ts);
// '/' too, not the precached index.html.
const APP_PAGE = 'app.html';

precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: APP_PAGE });
cleanupOutdatedCaches();
// The first install controls open pages at once (so what they read is cached); later
// versions wait for the user to accept the update prompt.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// App shell: every navigation renders APP_PAGE; the router takes over.
registerRoute(new NavigationRoute(createHandlerBoundToURL(`/${APP_PAGE}`)));

registerCacheRules();
registerPush();
registerOutboxSync();

// Anything else that fails offline: documents get the offline page.
setCatchHandler(async ({ request }) => {
  if (request.destination === 'document') return (await matchPrecache('/offline.html')) ?? Response.error();
  return Response.error();
});
