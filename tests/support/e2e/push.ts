/**
 * Web push in the e2e suite: the fake push service on E2E_PUSH_PORT (the one origin the
 * platform started by playwright.config.ts accepts besides the browsers' services) and a
 * subscription of a user pointing at it, whose messages the test decrypts.
 */
import { randomBytes } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { browserKeys, fakePushService, type FakePushService } from '../webPush.ts';
import { serviceRest } from './platform.ts';

export type { FakePushService };

/** What was pushed to the subscription at `path`, decrypted. */
function messagesAt(service: FakePushService, keys: ReturnType<typeof browserKeys>, path: string) {
  return service.received.filter((r) => r.path === path).map((r) => JSON.parse(keys.decrypt(r.body)) as { title: string; body: string; url: string; tag?: string });
}

export function startPushService(): Promise<FakePushService> {
  return fakePushService(Number(process.env.E2E_PUSH_PORT));
}

/** Subscribes the user at the fake service; `messages()` answers what was pushed to this subscription, decrypted. */
export async function subscribePush(service: FakePushService, userId: string) {
  const keys = browserKeys();
  const path = `/push/${randomBytes(8).toString('base64url')}`;
  await serviceRest('push_subscriptions', { method: 'POST', body: { user_id: userId, endpoint: `${service.origin}${path}`, p256dh: keys.p256dh, auth: keys.auth } });
  return {
    messages: () => messagesAt(service, keys, path),
    unsubscribe: () => serviceRest(`push_subscriptions?endpoint=eq.${encodeURIComponent(`${service.origin}${path}`)}`, { method: 'DELETE' }),
  };
}

/**
 * Stands in for the browser's push service in `context` (headless Chromium has none): with
 * notifications allowed, PushManager.subscribe asks the fake service's /register, as a browser
 * asks its push service, and answers a subscription there whose messages the test decrypts.
 * Routing /register to abort, or to never answer, is a push service that cannot be reached.
 */
export async function browserPushService(context: BrowserContext, service: FakePushService) {
  const keys = browserKeys();
  const path = `/push/${randomBytes(8).toString('base64url')}`;
  const endpoint = `${service.origin}${path}`;
  await context.grantPermissions(['notifications']);
  await context.addInitScript(
    ({ register, endpoint, p256dh, auth }) => {
      // Kept over reloads, as a browser keeps its subscriptions.
      const held = 'e2e-push-subscribed';
      const subscription = {
        endpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => (localStorage.removeItem(held), Promise.resolve(true)),
      } as unknown as PushSubscription;
      PushManager.prototype.getSubscription = () => Promise.resolve(localStorage.getItem(held) ? subscription : null);
      PushManager.prototype.subscribe = async () => {
        try {
          await fetch(register, { method: 'POST', mode: 'no-cors' });
        } catch {
          // What Chromium answers when its push service cannot be reached.
          throw new DOMException('Registration failed - push service error', 'AbortError');
        }
        localStorage.setItem(held, '1');
        return subscription;
      };
    },
    { register: `${service.origin}/register`, endpoint, p256dh: keys.p256dh, auth: keys.auth },
  );
  return {
    endpoint,
    /** The URL the page's subscribe asks first: route it to make the push service unreachable. */
    register: `${service.origin}/register`,
    messages: () => messagesAt(service, keys, path),
    unsubscribe: () => serviceRest(`push_subscriptions?endpoint=eq.${encodeURIComponent(endpoint)}`, { method: 'DELETE' }),
  };
}
