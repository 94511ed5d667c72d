/// <reference lib="webworker" />
/** Web push in the service worker: show the notification, open its target on click. */
import { pwa } from '../lib/catalogue/pwa.ts';
import { showAppBadge } from '../lib/appBadge.ts';

declare const self: ServiceWorkerGlobalScope;

export interface PushPayload {
  title: string;
  body: string;
  url: string;
  icon: string;
  tag?: string;
  /** The user's unread notifications, for the app icon's badge. */
  badge?: number;
}

/** The notification a push message shows; anything missing gets a safe default. */
export function parsePushPayload(raw: string | null | undefined, defaults: { title: string }): PushPayload {
  let data: Partial<PushPayload> = {};
  if (raw) {
    try {
      data = JSON.parse(raw) as Partial<PushPayload>;
    } catch {
      data = { body: raw };
    }
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
  return {
    title: typeof data.title === 'string' && data.title ? data.title : defaults.title,
    body: typeof data.body === 'string' ? data.body : '',
    url,
    icon: typeof data.icon === 'string' && data.icon.startsWith('/') ? data.icon : '/icons/icon-192.png',
    ...(typeof data.tag === 'string' ? { tag: data.tag } : {}),
    ...(typeof data.badge === 'number' && Number.isInteger(data.badge) && data.badge >= 0 ? { badge: data.badge } : {}),
  };
}

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

export function registerPush(): void {
  self.addEventListener('push', (event) => {
    const p = parsePushPayload(event.data?.text(), { title: pwa.push.defaultTitle });
    if (p.badge !== undefined) showAppBadge(p.badge, self.navigator);
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

  self.addEventListener('notificationclick', (event) => {
    event.waitUntil(openTarget(event.notification));
  });

  // Browsers without a notification UI (headless test runs) cannot click: in the e2e build
  // only, a page of this origin may ask the worker to act as if the newest notification were
  // clicked. Production builds drop this block (the define is false there).
  if (__E2E__) {
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
  }
}
