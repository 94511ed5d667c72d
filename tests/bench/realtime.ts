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
