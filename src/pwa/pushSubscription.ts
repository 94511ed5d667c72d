/**
 * Web push subscription for profile settings: subscribePush(), unsubscribePush(),
 * isPushSubscribed(). The subscription is stored in push_subscriptions (one row per
 * endpoint); the send-push function delivers ticket_reply / ticket_resolved notifications.
 */
import { supabase } from '@/lib/supabase.ts';
import { VAPID_PUBLIC_KEY } from '@/lib/env.ts';

export type PushResult = 'subscribed' | 'unsubscribed' | 'unsupported' | 'denied' | 'not-configured' | 'signed-out' | 'error';

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
  try {
    const reg = await registration();
    if (!reg) return 'unsupported';
    const sub =
      (await reg.pushManager.getSubscription()) ??
      (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToUint8Array(VAPID_PUBLIC_KEY) }));
    const { p256dh, auth } = (sub.toJSON() as { keys?: { p256dh?: string; auth?: string } }).keys ?? {};
    // Both keys are NOT NULL: a subscription without them could never be delivered to.
    if (!p256dh || !auth) return 'error';
    const { error } = await table().upsert(
      { user_id: userId, endpoint: sub.endpoint, p256dh, auth, user_agent: navigator.userAgent.slice(0, 300) },
      { onConflict: 'endpoint' },
    );
    if (error) return 'error';
    return 'subscribed';
  } catch {
    return 'error';
  }
}

export async function unsubscribePush(): Promise<PushResult> {
  if (!pushSupported()) return 'unsupported';
  try {
    const reg = await registration();
    const sub = await reg?.pushManager.getSubscription();
    if (sub) {
      await table().delete().eq('endpoint', sub.endpoint);
      await sub.unsubscribe();
    }
    return 'unsubscribed';
  } catch {
    return 'error';
  }
}
