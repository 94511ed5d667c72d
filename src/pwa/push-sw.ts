/// <reference lib="webworker" />
/** Web push in the service worker: show the notification, open its target on click. */
import { pwa } from '../lib/catalogue/pwa.ts';
import { parsePushPayload } from './swRoutes.ts';

declare const self: ServiceWorkerGlobalScope;

self.addEventListener('push', (event) => {
  const p = parsePushPayload(event.data?.text(), { title: pwa.push.defaultTitle });
  event.waitUntil(
    self.registration.showNotification(p.title, {
      body: p.body,
      icon: p.icon,
      badge: '/icons/icon-192.png',
      lang: 'it',
      tag: p.tag,
      data: { url: p.url },
    }),
  );
});

/** Focus a window already showing the target, else navigate an open window there, else open one. */
async function openTarget(notification: Notification): Promise<void> {
  notification.close();
  const path = (notification.data as { url?: string } | null)?.url ?? '/';
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const exact = windows.find((w) => w.url === target);
  if (exact) {
    await exact.focus().catch(() => undefined);
    return;
  }
  const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
  if (open) {
    // navigate() needs a window this worker controls; focus() may be refused outside a
    // user gesture: neither failure may stop the other or the fallback below.
    const navigated = await open.navigate(target).catch(() => null);
    await (navigated ?? open).focus().catch(() => undefined);
    if (navigated) return;
  }
  await self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openTarget(event.notification));
});

// Browsers without a notification UI (headless test runs) cannot click: a page of this
// origin may ask the worker to act as if the newest notification were clicked.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: string } | null;
  if (data?.type !== 'OPEN_LATEST_NOTIFICATION') return;
  event.waitUntil(
    self.registration.getNotifications().then((list) => {
      const latest = list[list.length - 1];
      return latest ? openTarget(latest) : undefined;
    }),
  );
});
