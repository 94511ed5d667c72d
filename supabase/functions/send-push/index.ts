/**
 * send-push: the Database Webhook target for admin_notifications rows of type ticket_reply,
 * ticket_resolved (migration 20261122000800_push.sql), saved_search (20261125000100) and
 * auto_renew_failed (20261126000400: too few credits for 'Rinnovo automatico'). Sends an encrypted Web Push
 * message (RFC 8291, VAPID) to each of the user's push_subscriptions; subscriptions the push
 * service reports gone (404/410) are deleted. Endpoints that are not a browser push service
 * are never posted to (counted as rejected). Called with the service-role key only.
 *
 * Secrets: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY (base64url, `npx web-push generate-vapid-keys`),
 * VAPID_SUBJECT (mailto: or https: contact).
 */
import webpush from 'web-push';
import { serve } from '../_shared/serve.ts';
import { jsonResponse } from '../_shared/cors.ts';
import { env, requireEnv } from '../_shared/env.ts';
import { createAdminClient } from '../_shared/supabase.ts';
import { isPushServiceEndpoint } from '../_shared/push-endpoint.ts';

const TITLES: Record<string, string> = {
  ticket_reply: 'Nuova risposta al tuo ticket',
  ticket_resolved: 'Ticket risolto',
  saved_search: 'Nuovi annunci per te',
  auto_renew_failed: 'Rinnovo automatico non riuscito',
};

interface NotificationRow {
  id?: string;
  user_id?: string | null;
  type?: string;
  entity_id?: string | null;
  message?: string | null;
}

interface Subscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The Italian notification the service worker shows (title, body, icon, target URL). */
export function pushMessage(row: NotificationRow, unread?: number): { title: string; body: string; url: string; icon: string; tag: string; badge?: number } {
  const id = row.entity_id ?? '';
  // A saved search's page opens /search with its filters (the app's own serialization).
  const [base, tag] = row.type === 'saved_search' ? ['/ricerche-salvate', 'saved-search'] : row.type === 'auto_renew_failed' ? ['/my-listings', 'auto-renew'] : ['/my-tickets', 'ticket'];
  return {
    title: TITLES[row.type ?? ''] ?? 'Incontri Italia',
    body: row.message ?? '',
    // A failed renewal opens 'I tuoi annunci', where the listing can be renewed by hand.
    url: id && row.type !== 'auto_renew_failed' ? `${base}/${encodeURIComponent(id)}` : base,
    icon: '/icons/icon-192.png',
    tag: `${tag}-${id}`,
    // The installed app's icon shows the unread count (the worker sets the badge).
    ...(typeof unread === 'number' ? { badge: unread } : {}),
  };
}

serve(async (req) => {
  if (req.method !== 'POST') return jsonResponse({ error: 'Metodo non consentito.' }, 405);
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1]?.trim();
  if (!token || token !== requireEnv('SUPABASE_SERVICE_ROLE_KEY')) return jsonResponse({ error: 'Non autorizzato.' }, 403);

  let event: { type?: string; table?: string; record?: NotificationRow };
  try {
    event = (await req.json()) as typeof event;
  } catch {
    return jsonResponse({ error: 'Richiesta non valida.' }, 400);
  }
  const row = event.record;
  if (event.table !== 'admin_notifications' || !row?.user_id || !TITLES[row.type ?? '']) {
    return jsonResponse({ sent: 0, removed: 0, failed: 0, skipped: true });
  }

  const publicKey = env('VAPID_PUBLIC_KEY');
  const privateKey = env('VAPID_PRIVATE_KEY');
  if (!publicKey || !privateKey) return jsonResponse({ error: 'VAPID non configurato.' }, 500);
  const vapidDetails = { subject: env('VAPID_SUBJECT') || 'mailto:assistenza@incontri.local', publicKey, privateKey };

  const admin = await createAdminClient();
  const { data, error } = await admin.from('push_subscriptions').select('id, endpoint, p256dh, auth').eq('user_id', row.user_id);
  if (error) return jsonResponse({ error: error.message }, 500);

  const { count: unread } = await admin.from('admin_notifications').select('id', { count: 'exact', head: true }).eq('user_id', row.user_id).eq('is_read', false);
  const payload = JSON.stringify(pushMessage(row, unread ?? undefined));
  let sent = 0;
  let failed = 0;
  let rejected = 0;
  const gone: string[] = [];
  await Promise.all(
    ((data ?? []) as Subscription[]).map(async (sub) => {
      if (!isPushServiceEndpoint(sub.endpoint)) {
        rejected += 1;
        return;
      }
      try {
        // generateRequestDetails + fetch (rather than sendNotification) works on Deno and Node alike.
        const details = webpush.generateRequestDetails(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
          { vapidDetails, TTL: 24 * 3600, contentEncoding: 'aes128gcm', urgency: 'normal', topic: undefined },
        );
        const res = await fetch(details.endpoint, {
          method: details.method,
          headers: details.headers as Record<string, string>,
          body: details.body ? new Uint8Array(details.body as Uint8Array) : null,
          signal: AbortSignal.timeout(10_000),
          redirect: 'manual',
        });
        await res.body?.cancel();
        if (res.status === 404 || res.status === 410) gone.push(sub.id);
        else if (res.ok) sent += 1;
        else failed += 1;
      } catch {
        failed += 1;
      }
    }),
  );
  if (gone.length) await admin.from('push_subscriptions').delete().in('id', gone);
  return jsonResponse({ sent, removed: gone.length, failed, rejected });
});
