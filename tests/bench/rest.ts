import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';

import type { Figure } from './types.ts';

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
