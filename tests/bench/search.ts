/**
 * Search latency: 100k listings generated with generate_series on PostgreSQL
 * (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres), then the
 * public search RPC timed through the platform's REST API as the anonymous visitor; then,
 * on the same listings, the saved-search alerts (savedSearches.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPlatform } from '../../supabase/local/src/platform.ts';
import { benchSavedSearchMatching } from './savedSearches.ts';
import type { Figure } from './types.ts';

/** DATABASE_URL when it names a PostgreSQL server, else the one on this machine. */
function server(): string {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : 'postgres://postgres@127.0.0.1:5432/postgres';
}

const QUERIES: Record<string, unknown>[] = [
  {},
  { p_city: 'Roma' },
  { p_category: 'donne', p_city: 'Milano' },
  { p_query: 'massaggi tantrici' },
  { p_query: 'aperitivo', p_city: 'Napoli' },
  { p_age_min: 25, p_age_max: 30 },
  { p_rate_min: 100, p_rate_max: 150, p_category: 'trans' },
  { p_ethnicity: ['latina', 'asiatica'], p_hair_color: ['mora'] },
  { p_offered_services: ['massaggio-tantrico'], p_meeting_location: ['hotel'] },
  { p_city: 'Torino', p_zone: 'Centro', p_availability_for: ['sera', 'notte'] },
  { p_nationality: ['italiana'], p_body_type: ['formosa'], p_eye_color: ['verdi'], p_meeting_type: ['cena'] },
  { p_category: 'coppie', p_city: 'Trento', p_breast_type: ['rifatto'], p_age_min: 40 },
];

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export async function benchSearch(opts: { rounds?: number } = {}): Promise<Figure[]> {
  const rounds = opts.rounds ?? 25;
  const SERVER = server();
  const name = `portal_bench_search_${process.pid}`;
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(SERVER);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
  try {
    platform = await startPlatform({ port: 0, dataDir, databaseUrl: dbUrl.toString(), quiet: true, cron: false });
    const api = platform;
    const t0 = performance.now();
    const c = new pg.Client({ connectionString: dbUrl.toString() });
    await c.connect();
    await c.query(readFileSync(join(import.meta.dirname, 'search-data.sql'), 'utf8'));
    await c.query('vacuum analyze public.listings');
    await c.query('vacuum analyze public.listing_photos');
    const { rows } = await c.query<{ n: string }>('select count(*) as n from public.listings');
    await c.end();
    const genMs = performance.now() - t0;

    const call = async (args: Record<string, unknown>, fn = 'search_listings') => {
      const res = await fetch(`${api.url}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: api.keys.anon, authorization: `Bearer ${api.keys.anon}`, 'content-type': 'application/json' },
        body: JSON.stringify(args),
      });
      if (!res.ok) throw new Error(`search answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as { promoted: boolean; rank_at: string; id: string }[];
    };
    for (const q of QUERIES) await call(q); // warm-up
    const times: number[] = [];
    const pageTwo: number[] = [];
    const totals: number[] = [];
    for (let r = 0; r < rounds; r++) {
      for (const q of QUERIES) {
        const s = performance.now();
        const page = await call(q);
        times.push(performance.now() - s);
        const last = page[page.length - 1];
        if (page.length === 20 && last) {
          const s2 = performance.now();
          await call({ ...q, p_after_promoted: last.promoted, p_after_rank: last.rank_at, p_after_id: last.id });
          pageTwo.push(performance.now() - s2);
        }
        // The total ('128 annunci'), a call of its own beside the first page.
        const s3 = performance.now();
        await call(q, 'search_listings_count');
        totals.push(performance.now() - s3);
      }
    }
    times.sort((a, b) => a - b);
    pageTwo.sort((a, b) => a - b);
    totals.sort((a, b) => a - b);
    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const alerts = await benchSavedSearchMatching(db).finally(() => db.end());
    return [
      { name: `search: listings in bench database (PostgreSQL)`, value: Number(rows[0]!.n), unit: 'rows' },
      { name: 'search: generating 100k listings', value: genMs, unit: 'ms' },
      { name: 'search API p50 (100k listings, first page)', value: pct(times, 50), unit: 'ms' },
      { name: 'search API p95 (100k listings, first page)', value: pct(times, 95), unit: 'ms', budget: { max: 50 } },
      ...(pageTwo.length ? [{ name: 'search API p95 (100k listings, keyset page 2)', value: pct(pageTwo, 95), unit: 'ms', budget: { max: 50 } }] : []),
      { name: 'search total p95 (100k listings, search_listings_count)', value: pct(totals, 95), unit: 'ms' },
      ...alerts,
    ];
  } finally {
    await platform?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const a = new pg.Client({ connectionString: SERVER });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await a.end();
  }
}

if (process.argv[1]?.endsWith('search.ts')) {
  benchSearch().then((f) => console.table(f), (e) => { console.error(e); process.exit(1); });
}
