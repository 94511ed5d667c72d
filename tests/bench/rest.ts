import { join } from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

import type { Figure } from './types.ts';
import { baselineDir } from './baseline.ts';
import { PUBLIC_LISTING_SELECT } from '../support/listing-columns.ts';

type BenchInfo = { url: string; anonKey: string; serviceRoleKey: string };

const SEED_ROWS = 1000;
const AUTHORS = 50;

/** A supabase-js client with `key` as apikey, and `bearer` as the user when given. */
export function makeClient(info: Pick<BenchInfo, 'url'>, key: string, bearer?: string): SupabaseClient {
  return createClient(info.url, key, {
    realtime: { transport: ws as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: bearer ? { headers: { Authorization: `Bearer ${bearer}` } } : undefined,
  });
}

/** Fills bench_authors / bench_items (fixture migration 20260101000100) once per database. */
async function seed(admin: SupabaseClient): Promise<void> {
  const have = await admin.from('bench_items').select('id', { count: 'exact', head: true });
  if (have.error) throw new Error(`bench_items missing (is the REST fixture migration applied?): ${have.error.message}`);
  if ((have.count ?? 0) >= SEED_ROWS) return;
  const authors = await admin
    .from('bench_authors')
    .insert(Array.from({ length: AUTHORS }, (_, i) => ({ name: `Autore ${i}` })))
    .select('id');
  if (authors.error) throw authors.error;
  const ids = authors.data.map((a) => a.id as number);
  const rows = Array.from({ length: SEED_ROWS }, (_, i) => ({
    author_id: ids[i % ids.length],
    title: `Annuncio di prova numero ${i}`,
    price: Math.round(Math.random() * 100000) / 100,
  }));
  for (let i = 0; i < rows.length; i += 250) {
    const r = await admin.from('bench_items').insert(rows.slice(i, i + 250));
    if (r.error) throw r.error;
  }
}

export function percentile(sorted: number[], p: number): number {
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

/**
 * REST latency through supabase-js: `from('bench_items').select('*, bench_authors(*)').range(0, 9)`,
 * sequential calls after a warm-up; median and p95 in milliseconds.
 */
export async function benchRest(info: BenchInfo, opts: { iterations?: number } = {}): Promise<Figure[]> {
  const iterations = opts.iterations ?? 200;
  await seed(makeClient(info, info.serviceRoleKey));
  const anon = makeClient(info, info.anonKey);
  const once = async () => {
    const { data, error } = await anon.from('bench_items').select('*, bench_authors(*)').order('id').range(0, 9);
    if (error) throw error;
    if (data.length !== 10 || !data[0]?.bench_authors) throw new Error('unexpected bench result');
  };
  for (let i = 0; i < 20; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await once();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 100) / 100;
  return [
    { name: 'rest select page of 10 with embed: median', value: round(percentile(times, 50)), unit: 'ms', budget: { max: 10 } },
    { name: 'rest select page of 10 with embed: p95', value: round(percentile(times, 95)), unit: 'ms' },
  ];
}

/** The issue-28 comparison: a page of 10 listings with their photos, through REST and as raw SQL (a visitor's columns). */
const PAGE = { select: `${PUBLIC_LISTING_SELECT}, listing_photos(*)`, order: 'created_at', limit: 10 } as const;

/** The same JSON from the same role over one pg connection: the four statements PostgREST sends. */
async function rawPage(databaseUrl: string): Promise<{ once: () => Promise<void>; close: () => Promise<void> }> {
  const pg = (await import('pg')).default;
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  const sql = `select coalesce(json_agg(_t), '[]')::text as body from (
      select ${PUBLIC_LISTING_SELECT.replace(/(\w+)/g, 'l.$1')}, coalesce((select json_agg(p) from public.listing_photos p where p.listing_id = l.id), '[]') as listing_photos
      from public.listings l order by l.created_at desc limit 10) _t`;
  return {
    once: async () => {
      await c.query('begin read only');
      await c.query(`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`);
      const r = await c.query<{ body: string }>(sql);
      await c.query('commit');
      if ((JSON.parse(r.rows[0]!.body) as unknown[]).length !== 10) throw new Error('raw page: not 10 listings');
    },
    close: () => c.end(),
  };
}

function restPage(info: BenchInfo): () => Promise<void> {
  const anon = makeClient(info, info.anonKey);
  return async () => {
    const { data, error } = await anon.from('listings').select(PAGE.select).order(PAGE.order, { ascending: false }).limit(PAGE.limit);
    if (error) throw new Error(error.message);
    if (data.length !== 10) throw new Error('REST page: not 10 listings');
  };
}

/**
 * Today's platform (the baseline checkout) beside this one, each in its own process over its
 * own fresh database of the seeded product, measured in turns (today's request, the new one's,
 * then the raw SQL of each) so a busy machine weighs on both alike: the REST page's median, and
 * on PostgreSQL the same JSON as raw SQL and the ratio (issue 28: <= 2).
 */
export async function benchRestVsSql(opts: { iterations?: number } = {}): Promise<Figure[]> {
  const { startChild } = await import('./child.ts');
  const iterations = opts.iterations ?? 300;
  const labels = ['today', 'new'] as const;
  const children = [await startChild(baselineDir(), 'product'), await startChild(join(import.meta.dirname, '..', '..'), 'product')];
  const raws: { once: () => Promise<void>; close: () => Promise<void> }[] = [];
  try {
    const probes: { label: string; what: 'rest' | 'raw'; once: () => Promise<void>; times: number[] }[] = [];
    for (const [i, child] of children.entries()) {
      probes.push({ label: labels[i]!, what: 'rest', once: restPage(child.target), times: [] });
      if (child.databaseUrl) {
        const raw = await rawPage(child.databaseUrl);
        raws.push(raw);
        probes.push({ label: labels[i]!, what: 'raw', once: raw.once, times: [] });
      }
    }
    for (let n = 0; n < iterations + 20; n++) {
      for (const p of probes) {
        const t0 = performance.now();
        await p.once();
        if (n >= 20) p.times.push(performance.now() - t0);
      }
    }
    const round = (x: number) => Math.round(x * 100) / 100;
    const median = (label: string, what: string) => {
      const p = probes.find((q) => q.label === label && q.what === what);
      return p ? percentile(p.times.sort((a, b) => a - b), 50) : undefined;
    };
    const out: Figure[] = [];
    for (const label of labels) {
      const rest = median(label, 'rest')!;
      const raw = median(label, 'raw');
      out.push({ name: `REST page of 10 listings with photos: median [${label}]`, value: round(rest), unit: 'ms' });
      if (raw !== undefined) {
        out.push({ name: `  same JSON as raw SQL, one pg connection [${label}]`, value: round(raw), unit: 'ms' });
        out.push({ name: `  REST / raw SQL [${label}]`, value: round(rest / raw), unit: 'x', budget: label === 'new' ? { max: 2 } : undefined });
      }
    }
    return out;
  } finally {
    for (const r of raws) await r.close().catch(() => undefined);
    for (const c of children) await c.stop();
  }
}
