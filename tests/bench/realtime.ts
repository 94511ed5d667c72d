/**
 * Realtime fan-out latency: 200 supabase-js clients (200 sockets, 200 channels, each a
 * different signed-in user, so 200 distinct RLS checks per change) subscribe to INSERTs on
 * rt_board (RLS on; tests/platform/fixture). Then one committed insert at a time through
 * REST as the service role; each subscriber's receipt is timed from the change's
 * commit_timestamp (wall clock, ms; the writing transaction's time) and from the request's start.
 */
import { createClient, REALTIME_SUBSCRIBE_STATES, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import ws from 'ws';
import type { Figure } from './types.ts';
import { baselineDir } from './baseline.ts';

interface Target {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
}

function pct(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Subscribers × rounds of single inserts; p50/p95 delivery latency in ms. */
export async function benchRealtime(
  info: Target,
  opts: { subscribers?: number; rounds?: number } = {},
): Promise<Figure[]> {
  const subscribers = opts.subscribers ?? 200;
  const rounds = opts.rounds ?? 20;
  const key = new TextEncoder().encode(info.jwtSecret);
  const run = Math.random().toString(36).slice(2, 8);
  const received = new Map<string, number[]>(); // title -> receipt times (performance.now)
  const sinceCommit: number[] = [];
  const clients: SupabaseClient[] = [];
  const warmup = 2;

  const now = Math.floor(Date.now() / 1000);
  await Promise.all(
    Array.from({ length: subscribers }, async (_, i) => {
      const token = await new SignJWT({ sub: crypto.randomUUID(), role: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(key);
      const c = createClient(info.url, info.anonKey, {
        realtime: { transport: ws as never },
        accessToken: async () => token,
      });
      clients.push(c);
      await new Promise<void>((resolve, reject) => {
        c.channel(`bench-${run}-${i}`)
          .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'rt_board' }, (p) => {
            const at = performance.now();
            const commitLag = Date.now() - Date.parse(p.commit_timestamp);
            const title = (p.new as { title?: string }).title ?? '';
            let list = received.get(title);
            if (!list) received.set(title, (list = []));
            list.push(at);
            if (title.startsWith(`bench-${run}-`) && Number(title.slice(`bench-${run}-`.length)) >= warmup) sinceCommit.push(commitLag);
          })
          .subscribe((status, err) => {
            if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve();
            else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR || status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT) reject(err ?? new Error(status));
          });
      });
    }),
  );

  const svc = createClient(info.url, info.serviceRoleKey, { realtime: { transport: ws as never }, auth: { persistSession: false } });
  const fromRequest: number[] = [];
  let missed = 0;
  try {
    for (let r = 0; r < warmup + rounds; r++) {
      const title = `bench-${run}-${r}`;
      const sent = performance.now();
      const { error } = await svc.from('rt_board').insert({ title });
      if (error) throw new Error(`insert failed: ${error.message}`);
      const deadline = Date.now() + 5000;
      while ((received.get(title)?.length ?? 0) < subscribers && Date.now() < deadline) await new Promise((res) => setTimeout(res, 2));
      const times = received.get(title) ?? [];
      if (r < warmup) continue;
      missed += subscribers - times.length;
      for (const t of times) fromRequest.push(t - sent);
      await new Promise((res) => setTimeout(res, 20));
    }
  } finally {
    await Promise.all(clients.map((c) => c.removeAllChannels()));
    await Promise.all(clients.map((c) => c.realtime.disconnect()));
  }

  const fromCommit = sinceCommit.map((x) => Math.max(0, x)).sort((a, b) => a - b);
  fromRequest.sort((a, b) => a - b);
  const n = `realtime ${subscribers} subscribers`;
  return [
    { name: `${n}: delivery after commit p50`, value: pct(fromCommit, 50), unit: 'ms' },
    { name: `${n}: delivery after commit p95`, value: pct(fromCommit, 95), unit: 'ms', budget: { max: 200 } },
    { name: `${n}: insert request → delivery p50`, value: pct(fromRequest, 50), unit: 'ms' },
    { name: `${n}: insert request → delivery p95`, value: pct(fromRequest, 95), unit: 'ms' },
    { name: `${n}: missed deliveries`, value: missed, unit: 'count', budget: { max: 0 } },
  ];
}

/**
 * Realtime at scale (issue 28), on PostgreSQL: `subscribers` users, each with a channel of its
 * own on admin_notifications filtered to its user_id (the bell's subscription, RLS on), joined
 * 50 channels per socket with each user's own token in the join (Phoenix vsn 1.0.0, as
 * realtime-js speaks it). Then (a) single notifications to one user at a time and (b) one
 * statement notifying every user at once; each receipt is timed from its commit (commit_timestamp),
 * and every expected receipt counted. Today's platform (the baseline checkout) and this one.
 */
export async function benchRealtimeAtScale(opts: { subscribers?: number; singles?: number } = {}): Promise<Figure[]> {
  if (!process.env.DATABASE_URL) return [];
  const { startChild } = await import('./child.ts');
  const path = await import('node:path');
  const pg = (await import('pg')).default;
  const n = opts.subscribers ?? 5000;
  const singles = opts.singles ?? 20;
  const out: Figure[] = [];
  for (const [label, dir] of [
    ['today', baselineDir()],
    ['new', path.join(import.meta.dirname, '..', '..')],
  ] as const) {
    const child = await startChild(dir, 'product');
    const db = new pg.Client({ connectionString: child.databaseUrl });
    const sockets: ws[] = [];
    try {
      await db.connect();
      const users = (
        await db.query<{ id: string }>(
          `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
           select gen_random_uuid(), 'authenticated', 'authenticated', 'rt-bench-' || g || '@example.test', now(),
                  '{"provider":"email","providers":["email"]}', '{"display_name":"Bench","accepted_terms":true,"age_confirmed":true}'
           from generate_series(1, $1) g returning id`,
          [n],
        )
      ).rows.map((r) => r.id);
      const key = new TextEncoder().encode(child.target.jwtSecret);
      const now = Math.floor(Date.now() / 1000);
      const received = new Map<string, number>(); // `${uid}:${message}` -> ms after commit
      const perSocket = 50;
      const url = `${child.target.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${child.target.anonKey}&vsn=1.0.0`;
      for (let s = 0; s < users.length; s += perSocket) {
        const socket = new ws(url);
        sockets.push(socket);
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        const mine = users.slice(s, s + perSocket);
        let joined = 0;
        const allJoined = new Promise<void>((resolve, reject) => {
          socket.on('message', (raw: Buffer) => {
            const msg = JSON.parse(raw.toString('utf8')) as { event: string; payload: { status?: string; response?: unknown; data?: { record?: { user_id?: string; message?: string }; commit_timestamp?: string } } };
            if (msg.event === 'phx_reply' && msg.payload.status === 'ok' && ++joined === mine.length) resolve();
            else if (msg.event === 'phx_reply' && msg.payload.status === 'error') reject(new Error(JSON.stringify(msg.payload.response)));
            else if (msg.event === 'postgres_changes') {
              const d = msg.payload.data!;
              received.set(`${d.record?.user_id}:${d.record?.message}`, Math.max(0, Date.now() - Date.parse(d.commit_timestamp!)));
            }
          });
        });
        for (const [i, uid] of mine.entries()) {
          const token = await new SignJWT({ sub: uid, role: 'authenticated', aud: 'authenticated' })
            .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
            .setIssuedAt(now)
            .setExpirationTime(now + 3600)
            .sign(key);
          const ref = String(i + 1);
          socket.send(
            JSON.stringify({
              topic: `realtime:bell-${uid}`,
              event: 'phx_join',
              ref,
              join_ref: ref,
              payload: {
                config: { broadcast: { ack: false, self: false }, presence: { key: '' }, postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'admin_notifications', filter: `user_id=eq.${uid}` }], private: false },
                access_token: token,
              },
            }),
          );
        }
        await allJoined;
      }
      const waitFor = async (keys: string[], ms = 15_000) => {
        const deadline = Date.now() + ms;
        while (keys.some((k) => !received.has(k)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
        return keys.map((k) => received.get(k)).filter((v): v is number => v !== undefined);
      };
      // (a) one notification at a time, to one of the subscribers.
      const single: number[] = [];
      let missed = 0;
      for (let r = 0; r < singles + 2; r++) {
        const uid = users[(r * 997) % users.length]!;
        const message = `single-${r}`;
        await db.query(`insert into public.admin_notifications (user_id, type, message) values ($1, 'bench', $2)`, [uid, message]);
        const got = await waitFor([`${uid}:${message}`]);
        if (r < 2) continue;
        missed += 1 - got.length;
        single.push(...got);
      }
      // (b) one statement notifying every subscriber.
      await db.query(`insert into public.admin_notifications (user_id, type, message) select u, 'bench', 'everyone' from unnest($1::uuid[]) u`, [users]);
      const fan = await waitFor(users.map((u) => `${u}:everyone`), 60_000);
      const fanMissed = users.length - fan.length;
      single.sort((a, b) => a - b);
      fan.sort((a, b) => a - b);
      const name = `realtime ${n} subscribers (own RLS-filtered channels)`;
      const budget = label === 'new';
      out.push(
        { name: `${name}: one insert, delivery p95 [${label}]`, value: pct(single, 95), unit: 'ms', budget: budget ? { max: 100 } : undefined },
        { name: `${name}: one insert, missed [${label}]`, value: missed, unit: 'count', budget: budget ? { max: 0 } : undefined },
        { name: `${name}: ${n} rows at once, delivery p50 [${label}]`, value: pct(fan, 50), unit: 'ms' },
        { name: `${name}: ${n} rows at once, delivery p95 [${label}]`, value: pct(fan, 95), unit: 'ms' },
        { name: `${name}: ${n} rows at once, missed [${label}]`, value: fanMissed, unit: 'count', budget: budget ? { max: 0 } : undefined },
      );
    } finally {
      for (const s of sockets) s.terminate();
      await db.end().catch(() => undefined);
      await child.stop();
    }
  }
  return out;
}
