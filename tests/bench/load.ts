import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import type { SupabaseClient } from '@supabase/supabase-js';
import { listingId, userId } from '../../supabase/seed/data.ts';
import { canMeasureCpu, cpuMsOfCommand, processCpuMs } from './cpu.ts';
import { makeClient, percentile } from './rest.ts';
import { PUBLIC_LISTING_SELECT } from '../support/listing-columns.ts';
import type { BenchTarget, Figure } from './types.ts';
import { baselineDir } from './baseline.ts';

const CLIENTS = 50;
const REQUESTS_PER_CLIENT = 200;
/** Demo advertisers and users with regular accounts (not staff, not banned). */
const USERS = [3, 4, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20].map(userId);
const LISTINGS = Array.from({ length: 60 }, (_, i) => listingId(i + 1));
const CITIES = ['Milano', 'Roma', 'Napoli', 'Torino', 'Bologna', 'Firenze'];

type Request = (c: { anon: SupabaseClient; user: SupabaseClient; uid: string; pick: <T>(xs: T[]) => T }) => PromiseLike<{ error: unknown }>;

/** The mix of a busy evening: mostly visitors searching and reading, some signed-in reads, a few writes. */
const MIX: [number, Request][] = [
  [25, ({ anon, pick }) => anon.rpc('search_listings', { p_city: pick(CITIES) })],
  [10, ({ anon }) => anon.rpc('search_listings', { p_limit: 20 })],
  [5, ({ anon }) => anon.rpc('search_listings', { p_query: 'dolce', p_age_min: 25 })],
  [20, ({ anon, pick }) => anon.rpc('listing_detail', { p_id: pick(LISTINGS) })],
  [10, ({ user }) => user.from('admin_notifications').select('*').order('created_at', { ascending: false }).limit(20)],
  [8, ({ user }) => user.from('tickets').select('*, ticket_messages(*)').order('updated_at', { ascending: false }).limit(10)],
  [7, ({ user, uid }) => user.from('profiles').select('*').eq('id', uid).single()],
  [5, ({ user }) => user.from('credit_transactions').select('*').order('created_at', { ascending: false }).range(0, 19)],
  [5, ({ user }) => user.from('listings').select(`${PUBLIC_LISTING_SELECT}, listing_photos(*)`).order('created_at', { ascending: false })],
  [3, ({ user, uid, pick }) => user.from('profiles').update({ display_name: `Utente ${pick(['A', 'B', 'C'])}` }).eq('id', uid)],
  [2, ({ user }) => user.rpc('mark_notifications_read', {})],
];
const TOTAL_WEIGHT = MIX.reduce((s, [w]) => s + w, 0);

/** A small deterministic generator, so every run sends the same requests. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}


/**
 * 50 concurrent supabase-js clients, 200 mixed requests each, against the seeded product
 * schema. Users carry tokens signed with the platform's secret, so the load measures REST and
 * the database, not the auth API's rate limits.
 */
export async function benchLoad(target: BenchTarget): Promise<Figure[]> {
  const secret = new TextEncoder().encode(target.jwtSecret);
  const times: number[] = [];
  const errors: string[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, n) => {
      const uid = USERS[n % USERS.length]!;
      const token = await new SignJWT({ sub: uid, role: 'authenticated', aud: 'authenticated' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(secret);
      const random = rng(n + 1);
      const pick = <T>(xs: T[]) => xs[Math.floor(random() * xs.length)]!;
      const ctx = { anon: makeClient(target, target.anonKey), user: makeClient(target, target.anonKey, token), uid, pick };
      for (let i = 0; i < REQUESTS_PER_CLIENT; i++) {
        let r = random() * TOTAL_WEIGHT;
        const [, send] = MIX.find(([w]) => (r -= w) < 0) ?? MIX[0]!;
        const t0 = performance.now();
        try {
          const { error } = await send(ctx);
          if (error) errors.push(JSON.stringify(error));
        } catch (err) {
          errors.push((err as Error).message);
        }
        times.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  if (errors.length) console.log(`  load errors (${errors.length}), first: ${errors.slice(0, 3).join(' | ')}`);
  const round = (x: number) => Math.round(x * 10) / 10;
  return [
    { name: 'load 50x200 mixed: error rate', value: round((errors.length / times.length) * 100), unit: '%', budget: { max: 0 } },
    { name: 'load 50x200 mixed: median', value: round(percentile(times, 50)), unit: 'ms' },
    { name: 'load 50x200 mixed: p95', value: round(percentile(times, 95)), unit: 'ms' },
    { name: 'load 50x200 mixed: throughput', value: Math.round(times.length / seconds), unit: 'req/s' },
  ];
}

type CpuSnapshot = { postgres: number; platform: number; clients: number };

/** CPU ms so far: every postgres process (none on PGlite, which runs in the platform), the platform's, this process's. */
function cpuNow(platformPid: number, postgres: boolean): CpuSnapshot {
  const own = process.cpuUsage();
  return { postgres: postgres ? cpuMsOfCommand('postgres') : 0, platform: processCpuMs(platformPid), clients: (own.user + own.system) / 1000 };
}

/**
 * What one request of the load cost each process in CPU, and the most requests a second this
 * machine's cores could serve at that cost: with the platform, and with a platform that cost
 * nothing (PostgreSQL and the bench's clients alone).
 */
function cpuFigures(before: CpuSnapshot, after: CpuSnapshot, postgres: boolean): Figure[] {
  const requests = CLIENTS * REQUESTS_PER_CLIENT;
  const per = (k: keyof CpuSnapshot) => (after[k] - before[k]) / requests;
  const [pg, platform, clients] = [per('postgres'), per('platform'), per('clients')];
  const cores = availableParallelism();
  const round = (x: number) => Math.round(x * 100) / 100;
  return [
    ...(postgres ? [{ name: 'load CPU per request: PostgreSQL', value: round(pg), unit: 'ms' }] : []),
    { name: `load CPU per request: platform${postgres ? '' : ' (PGlite in it)'}`, value: round(platform), unit: 'ms' },
    { name: 'load CPU per request: the bench clients', value: round(clients), unit: 'ms' },
    { name: `load ceiling of ${cores} cores at that cost`, value: Math.round((cores * 1000) / (pg + platform + clients)), unit: 'req/s' },
    ...(postgres
      ? [{ name: `load ceiling of ${cores} cores, platform at no cost`, value: Math.round((cores * 1000) / (pg + clients)), unit: 'req/s' }]
      : []),
  ];
}

/** benchLoad against today's platform (the baseline checkout) and this one, one after the other in the same run. */
export async function benchLoadSideBySide(): Promise<Figure[]> {
  const { startChild } = await import('./child.ts');
  const out: Figure[] = [];
  for (const [label, dir] of [
    ['today', baselineDir()],
    ['new', join(import.meta.dirname, '..', '..')],
  ] as const) {
    const child = await startChild(dir, 'product');
    try {
      const postgres = child.target.dbKind === 'postgres';
      const before = canMeasureCpu ? cpuNow(child.pid, postgres) : null;
      const figures = await benchLoad(child.target);
      if (before) figures.push(...cpuFigures(before, cpuNow(child.pid, postgres), postgres));
      for (const f of figures) {
        let budget = f.budget;
        if (label === 'new' && postgres && f.name.endsWith('throughput')) budget = { min: 1000 };
        if (label === 'new' && postgres && f.name.endsWith('p95')) budget = { max: 100 };
        out.push({ ...f, name: `${f.name} [${label}]`, budget: label === 'new' ? budget : undefined });
      }
    } finally {
      await child.stop();
    }
  }
  return out;
}
