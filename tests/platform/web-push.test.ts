/**
 * Web push end to end on the local platform: a subscription with generated
 * browser keys points at a local endpoint; a staff reply to the user's ticket writes a
 * ticket_reply notification, the trigger's local webhook runs send-push, and the endpoint
 * receives an encrypted (aes128gcm, VAPID) request that decrypts to the Italian payload.
 * That endpoint is not a browser push service: only this test adds its origin, to the
 * database's private.extra_push_origins and to send-push's PUSH_EXTRA_ORIGINS. Users meet
 * the production rule, tested below.
 */
import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import webpush from 'web-push';
import ws from 'ws';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { decrypt, fakePushService, type FakePushService, type Received } from '../support/webPush.ts';

const b64url = (b: Buffer) => b.toString('base64url');

// The same tests with send-push on the local platform's Node and on Deno, as Supabase runs it.
describe.each(['node', 'deno'] as const)('web push on a ticket reply (send-push on %s)', (functionsRuntime) => {
  let t: TestPlatform;
  const vapid = webpush.generateVAPIDKeys();
  let push: FakePushService;
  let received: Received[] = [];
  const next = (count: number) => push.next(count);

  // Another local server send-push must never reach: it counts what it receives.
  let probed = 0;
  const probe = createServer((_req, res) => {
    probed += 1;
    res.writeHead(410).end();
  });
  const origin = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

  beforeAll(async () => {
    process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
    process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
    process.env.VAPID_SUBJECT = 'mailto:test@incontri.local';
    push = await fakePushService();
    received = push.received;
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    process.env.PUSH_EXTRA_ORIGINS = push.origin;
    t = await startTestPlatform({ cron: false, functionsRuntime });
    await t.platform.db.query('insert into private.extra_push_origins (origin) values ($1)', [push.origin]);
  }, 120_000);

  afterAll(async () => {
    await t?.stop();
    delete process.env.PUSH_EXTRA_ORIGINS;
    await push?.close();
    probe.close();
  });

  it('delivers the encrypted Italian payload and deletes gone subscriptions', async () => {
    const db = t.platform.db;
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const authSecret = randomBytes(16);
    const endpoint = `${push.origin}/push/${b64url(randomBytes(8))}`;

    const { rows: users } = await db.query<{ id: string; email: string }>(
      `select id, email from public.profiles where role = 'user' order by email limit 1`,
    );
    const { rows: staff } = await db.query<{ id: string }>(`select id from public.profiles where role in ('admin', 'supporto') limit 1`);
    const user = users[0]!;
    await db.query(`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`, [
      user.id,
      endpoint,
      b64url(ua.getPublicKey()),
      b64url(authSecret),
    ]);
    const { rows: tickets } = await db.query<{ id: string }>(
      `insert into public.tickets (subject, user_id, reporter_email) values ('Problema con il pagamento', $1, $2) returning id`,
      [user.id, user.email],
    );
    const ticketId = tickets[0]!.id;
    await db.query(`insert into public.ticket_messages (ticket_id, author_id, author_role, body) values ($1, $2, 'user', 'Non riesco a pagare')`, [
      ticketId,
      user.id,
    ]);
    await db.query(`insert into public.ticket_messages (ticket_id, author_id, author_role, body) values ($1, $2, 'supporto', 'Ti aiutiamo subito')`, [
      ticketId,
      staff[0]!.id,
    ]);

    await next(1);
    const first = received[0]!;
    expect(first.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(first.headers.ttl)).toBeGreaterThan(0);
    // VAPID: "vapid t=<JWT signed with the private key>, k=<public key>"
    const auth = String(first.headers.authorization);
    const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(auth);
    expect(m?.[2]).toBe(vapid.publicKey);
    const [h, p, s] = m![1]!.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as { aud: string; sub: string; exp: number };
    expect(claims.aud).toBe(new URL(endpoint).origin);
    expect(claims.sub).toBe('mailto:test@incontri.local');
    const pub = Buffer.from(vapid.publicKey, 'base64url');
    const jwk = { kty: 'EC', crv: 'P-256', x: b64url(pub.subarray(1, 33)), y: b64url(pub.subarray(33, 65)) };
    expect(verify('sha256', Buffer.from(`${h}.${p}`), { key: createPublicKey({ key: jwk, format: 'jwk' }), dsaEncoding: 'ieee-p1363' }, Buffer.from(s!, 'base64url'))).toBe(true);

    const payload = JSON.parse(decrypt(first.body, ua, authSecret)) as Record<string, string | number>;
    expect(payload).toEqual({
      title: 'Nuova risposta al tuo ticket',
      body: 'Nuova risposta al tuo ticket "Problema con il pagamento".',
      url: `/my-tickets/${ticketId}`,
      icon: '/icons/icon-192.png',
      tag: `ticket-${ticketId}`,
      badge: expect.any(Number),
    });
    // The badge is the user's unread count when the push was sent.
    const { rows: unread } = await db.query<{ n: number }>(`select count(*)::int as n from public.admin_notifications where user_id = $1 and not is_read`, [user.id]);
    expect(payload.badge).toBe(unread[0]!.n);

    // Resolving the ticket pushes again; the push service now says the subscription is gone.
    push.status = 410;
    await db.query(`update public.tickets set status = 'resolved' where id = $1`, [ticketId]);
    await next(2);
    const resolved = JSON.parse(decrypt(received[1]!.body, ua, authSecret)) as Record<string, string>;
    expect(resolved.title).toBe('Ticket risolto');
    expect(resolved.url).toBe(`/my-tickets/${ticketId}`);
    await expect
      .poll(async () => (await db.query(`select 1 from public.push_subscriptions where endpoint = $1`, [endpoint])).rows.length, { timeout: 10_000 })
      .toBe(0);
  });

  it('ignores staff-wide notifications and other types', async () => {
    const before = received.length;
    await t.platform.db.query(`insert into public.admin_notifications (user_id, type, entity_id, message) values (null, 'ticket_reply', 'x', 'staff')`);
    await new Promise((r) => setTimeout(r, 1000));
    expect(received.length).toBe(before);
  });

  it('accepts only https endpoints of the browser push services from a user', async () => {
    const connect = (key: string) =>
      createClient(t.info.url, key, {
        realtime: { transport: ws as never },
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });
    const email = `push.${Date.now()}@example.test`;
    expect((await connect(t.info.serviceRoleKey).auth.admin.createUser({ email, password: 'password-123', email_confirm: true })).error).toBeNull();
    const user = connect(t.info.anonKey);
    const signed = await user.auth.signInWithPassword({ email, password: 'password-123' });
    expect(signed.error).toBeNull();
    const uid = signed.data.user!.id;
    const store = (endpoint: string) => user.from('push_subscriptions').insert({ user_id: uid, endpoint, p256dh: 'k', auth: 'a' });

    for (const endpoint of [
      `${origin(probe)}/push/x`,
      `${push.origin}/push/x`.replace('127.0.0.1', 'localhost'),
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evil.example/fcm.googleapis.com/',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user@fcm.googleapis.com/fcm/send/x',
      'https://push.apple.com/x',
      'https://169.254.169.254/latest/meta-data',
    ]) {
      const { error } = await store(endpoint);
      expect(error?.message, endpoint).toBe('Indirizzo di notifica non valido: sono accettati solo i servizi push dei browser.');
    }
    for (const endpoint of [
      `https://fcm.googleapis.com/fcm/send/${randomBytes(8).toString('hex')}`,
      `https://updates.push.services.mozilla.com/wpush/v2/${randomBytes(8).toString('hex')}`,
      `https://web.push.apple.com/${randomBytes(8).toString('hex')}`,
      `https://wns2-par02p.notify.windows.com/w/?token=${randomBytes(8).toString('hex')}`,
    ]) {
      expect((await store(endpoint)).error, endpoint).toBeNull();
    }
    // Moving a stored subscription elsewhere is refused too.
    const { rows } = await t.platform.db.query<{ id: string }>(`select id from public.push_subscriptions where user_id = $1 limit 1`, [uid]);
    await t.platform.db
      .query(`update public.push_subscriptions set endpoint = $2 where id = $1`, [rows[0]!.id, `${origin(probe)}/push/y`])
      .then(
        () => expect.unreachable('the update was accepted'),
        (err: Error) => expect(err.message).toMatch(/Indirizzo di notifica non valido/),
      );
  });

  it('send-push never posts to an endpoint that is not a push service', async () => {
    const db = t.platform.db;
    const { rows: users } = await db.query<{ id: string }>(`select p.id from public.profiles p where p.role = 'user'
         and not exists (select 1 from public.push_subscriptions s where s.user_id = p.id) order by p.email limit 1`);
    const userId = users[0]!.id;
    const endpoint = `${origin(probe)}/push/${b64url(randomBytes(8))}`;
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    // A row the rule would refuse (one stored before it, or written around it), with valid
    // keys so that only the endpoint check stops the post: the trigger is skipped here only.
    await db.transaction(async (tx) => {
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(`insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`, [
        userId,
        endpoint,
        b64url(ua.getPublicKey()),
        b64url(randomBytes(16)),
      ]);
    });
    const res = await fetch(`${t.info.url}/functions/v1/send-push`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t.info.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        type: 'INSERT',
        table: 'admin_notifications',
        schema: 'public',
        record: { id: crypto.randomUUID(), user_id: userId, type: 'ticket_reply', entity_id: 'x', message: 'Nuova risposta' },
        old_record: null,
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ sent: 0, removed: 0, failed: 0, rejected: 1 });
    await new Promise((r) => setTimeout(r, 300));
    expect(probed).toBe(0);
    expect((await db.query(`select 1 from public.push_subscriptions where endpoint = $1`, [endpoint])).rows).toHaveLength(1);
  });
});
