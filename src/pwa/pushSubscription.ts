/**
 * Web push subscription for profile settings and the push invite: subscribePush(), unsubscribePush(),
 * isPushSubscribed(). The subscription is stored in push_subscriptions (one row per
 * endpoint); the send-push function delivers ticket_reply / ticket_resolved notifications.
 */
import { supabase } from '@/lib/supabase.ts';
import { VAPID_PUBLIC_KEY } from '@/lib/env.ts';

/** 'unreachable': the browser's push service refused or did not answer in time (PUSH_TIMEOUT_MS). */
export type PushResult = 'subscribed' | 'unsubscribed' | 'unsupported' | 'denied' | 'unreachable' | 'not-configured' | 'signed-out' | 'error';

/**
 * How long the browser may take to reach its push service. Without a limit a browser that
 * cannot reach it (a network that blocks it, a Chromium without Google's services) leaves the
 * subscription pending for ever, and the switch greyed with it.
 */
export const PUSH_TIMEOUT_MS = 15_000;

/** `work`, or a TimeoutError once `ms` have passed. */
function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DOMException('push service timeout', 'TimeoutError')), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * What a failed subscribe means to the user. Chromium answers a blocked permission with
 * NotAllowedError or an AbortError 'Registration failed - permission denied', and a push
 * service it cannot reach with an AbortError ('push service error', 'not available').
 */
export function subscribeFailure(err: unknown): PushResult {
  const { name = '', message = '' } = (err ?? {}) as { name?: string; message?: string };
  if (name === 'NotAllowedError' || /permission/i.test(message)) return 'denied';
  if (name === 'AbortError' || name === 'TimeoutError' || name === 'NetworkError') return 'unreachable';
  return 'error';
}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** VAPID public key (base64url) to the bytes PushManager wants. */
export function urlBase64ToUint8Array(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(padded);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const table = () => supabase.from('push_subscriptions');

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!pushSupported()) return null;
  return (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.ready);
}

/** This device's subscription at the browser's push service, made when there is none; null without a service worker. */
async function browserSubscription(vapidKey: string): Promise<PushSubscription | null> {
  const reg = await registration();
  if (!reg) return null;
  return (
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(vapidKey) }))
  );
}

export async function isPushSubscribed(): Promise<boolean> {
  const reg = await registration();
  return !!(await reg?.pushManager.getSubscription());
}

export async function subscribePush(): Promise<PushResult> {
  if (!pushSupported()) return 'unsupported';
  if (!VAPID_PUBLIC_KEY) return 'not-configured';
  const { data } = await supabase.auth.getSession();
  const userId = data.session?.user.id;
  if (!userId) return 'signed-out';
  const permission = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  let sub: PushSubscription | null;
  try {
    sub = await withTimeout(browserSubscription(VAPID_PUBLIC_KEY), PUSH_TIMEOUT_MS);
  } catch (err) {
    return subscribeFailure(err);
  }
  if (!sub) return 'unsupported';
  try {
    const { p256dh, auth } = (sub.toJSON() as { keys?: { p256dh?: string; auth?: string } }).keys ?? {};
    // Both keys are NOT NULL: a subscription without them could never be delivered to.
    if (!p256dh || !auth) return 'error';
    const keys = { p256dh, auth, user_agent: navigator.userAgent.slice(0, 300) };
    const { error } = await table().insert({ user_id: userId, endpoint: sub.endpoint, ...keys });
    if (!error) return 'subscribed';
    // Stored already (subscribed before): refresh its keys. Not an upsert: that would also set
    // user_id and endpoint, which the client may insert but not update (column grants).
    if (error.code !== '23505') return 'error';
    const { data, error: refused } = await table().update(keys).eq('endpoint', sub.endpoint).select('id');
    // No row: the endpoint is another account's (a browser shared with someone).
    return !refused && data.length ? 'subscribed' : 'error';
  } catch {
    return 'error';
  }
}

export async function unsubscribePush(): Promise<PushResult> {
  if (!pushSupported()) return 'unsupported';
  try {
    // The push service is asked too (sub.unsubscribe()): it may not answer either.
    await withTimeout(
      (async () => {
        const reg = await registration();
        const sub = await reg?.pushManager.getSubscription();
        if (sub) {
          await table().delete().eq('endpoint', sub.endpoint);
          await sub.unsubscribe();
        }
      })(),
      PUSH_TIMEOUT_MS,
    );
    return 'unsubscribed';
  } catch {
    return 'error';
  }
}
