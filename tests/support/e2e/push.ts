/**
 * Web push in the e2e suite: the fake push service on E2E_PUSH_PORT (the one origin the
 * platform started by playwright.config.ts accepts besides the browsers' services) and a
 * subscription of a user pointing at it, whose messages the test decrypts.
 */
import { randomBytes } from 'node:crypto';
import { browserKeys, fakePushService, type FakePushService } from '../webPush.ts';
import { serviceRest } from './platform.ts';

export type { FakePushService };

export function startPushService(): Promise<FakePushService> {
  return fakePushService(Number(process.env.E2E_PUSH_PORT));
}

/** Subscribes the user at the fake service; `messages()` answers what was pushed to this subscription, decrypted. */
export async function subscribePush(service: FakePushService, userId: string) {
  const keys = browserKeys();
  const path = `/push/${randomBytes(8).toString('base64url')}`;
  await serviceRest('push_subscriptions', { method: 'POST', body: { user_id: userId, endpoint: `${service.origin}${path}`, p256dh: keys.p256dh, auth: keys.auth } });
  return {
    messages: () =>
      service.received.filter((r) => r.path === path).map((r) => JSON.parse(keys.decrypt(r.body)) as { title: string; body: string; url: string; tag?: string }),
    unsubscribe: () => serviceRest(`push_subscriptions?endpoint=eq.${encodeURIComponent(`${service.origin}${path}`)}`, { method: 'DELETE' }),
  };
}
