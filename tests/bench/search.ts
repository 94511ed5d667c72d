/**
 * Search latency: 100k listings generated with generate_series on PostgreSQL
 * (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres), then the
 * public search RPC timed through the platform's REST API as the anonymous visitor (with a
 * lean HTTP client, search-client.ts), on two
 * databases built side by side from the same data: today's (the baseline checkout's
 * migrations and platform, tests/bench/baseline.ts) and this tree's. The calls alternate
 * between the two, so a machine loaded by something else slows both alike. Every page and
 * total is compared between them: the figures count only if the answers are the same.
 * Then, on this tree's listings, the saved-search alerts (savedSearches.ts).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPlatform } from '../../supabase/local/src/platform.ts';
import { baselineDir } from './baseline.ts';
import { benchSavedSearchMatching } from './savedSearches.ts';
import { clientCost, postJson } from './search-client.ts';
import { startSearchFloor } from './search-floor.ts';
import type { Figure } from './types.ts';

/** DATABASE_URL when it names a PostgreSQL server, else the one on this machine. */
function server(): string {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** The shapes the app sends: bare, city, category, both, text, text and city, ranges, array filters. */
export const QUERIES: Record<string, unknown>[] = [
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

/** What search_listings_count answers past its cap (more than 1000 matches: 'oltre 1.000'). */
const COUNT_CAP = 1000;

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

type Row = { promoted: boolean; rank_at: string; id: string };

/** Calls `<rpcBase>/<fn>` as the anonymous visitor, as the app does, and answers the JSON. */
function rpcCaller(rpcBase: string, anonKey: string) {
  return (args: Record<string, unknown>, fn = 'search_listings'): Promise<unknown> =>
    postJson(`${rpcBase}/${fn}`, args, { apikey: anonKey, authorization: `Bearer ${anonKey}` });
}

/** One database with 100k listings and a platform in front of it. */
async function benchDatabase(name: string, repo: string | undefined) {
  const SERVER = server();
  const admin = new pg.Client({ connectionString: SERVER });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(SERVER);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-search-'));
  const start: typeof startPlatform = repo
    ? ((await import(join(repo, 'supabase', 'local', 'src', 'platform.ts'))) as { startPlatform: typeof startPlatform }).startPlatform
    : startPlatform;
  const platform = await start({
    port: 0, dataDir, databaseUrl: dbUrl.toString(), quiet: true, cron: false,
    ...(repo ? { supabaseDir: join(repo, 'supabase') } : {}),
  });
  const t0 = performance.now();
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  await c.query(readFileSync(join(import.meta.dirname, 'search-data.sql'), 'utf8'));
  await c.query('vacuum analyze public.listings');
  await c.query('vacuum analyze public.listing_photos');
  const { rows } = await c.query<{ n: string }>('select count(*) as n from public.listings');
  await c.end();
  const genMs = performance.now() - t0;
  const call = rpcCaller(`${platform.url}/rest/v1/rpc`, platform.keys.anon);
  const close = async () => {
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
    const a = new pg.Client({ connectionString: SERVER });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await a.end();
  };
  return { url: dbUrl.toString(), listings: Number(rows[0]!.n), genMs, call, close };
}

type Db = Awaited<ReturnType<typeof benchDatabase>>;
type Times = { page: number[]; pageTwo: number[]; total: number[] };

/** Page 1, page 2 by the keyset and the total of one query, timed; the answers for comparison. */
async function measureQuery(db: Pick<Db, 'call'>, q: Record<string, unknown>, times: Times) {
  let s = performance.now();
  const page = (await db.call(q)) as Row[];
  times.page.push(performance.now() - s);
  const last = page[page.length - 1];
  let second: Row[] = [];
  if (page.length === 20 && last) {
    s = performance.now();
    second = (await db.call({ ...q, p_after_promoted: last.promoted, p_after_rank: last.rank_at, p_after_id: last.id })) as Row[];
    times.pageTwo.push(performance.now() - s);
  }
  // The total ('128 annunci'), a call of its own beside the first page.
  s = performance.now();
  const total = Number(await db.call(q, 'search_listings_count'));
  times.total.push(performance.now() - s);
  // Both databases hold the same ids (search-data.sql).
  return { pages: [...page, ...second].map((r) => `${r.promoted ? '+' : ''}${r.id}`).join(' '), total };
}

/**
 * The same calls inside PostgreSQL, without the REST layer: EXPLAIN (ANALYZE, BUFFERS) of the
 * public function gives its execution time on the server and the pages (8 KB buffers) it
 * touched, nested statements included. Buffers do not depend on how busy the machine is.
 */
async function explainQuery(client: pg.Client, q: Record<string, unknown>, fn: string, into: { ms: number[]; buffers: number[] }) {
  const keys = Object.keys(q);
  const sql = `explain (analyze, buffers, format json) select * from public.${fn}(${keys.map((k, i) => `${k} => $${i + 1}`).join(', ')})`;
  const { rows } = await client.query<{ 'QUERY PLAN': [{ 'Execution Time': number; Plan: Record<string, number> }] }>(sql, keys.map((k) => q[k]));
  const plan = rows[0]!['QUERY PLAN'][0];
  into.ms.push(plan['Execution Time']);
  into.buffers.push(plan.Plan['Shared Hit Blocks']! + plan.Plan['Shared Read Blocks']!);
}

type Inside = Record<'page' | 'pageTwo' | 'total' | 'cold', { ms: number[]; buffers: number[] }>;

/**
 * Every query's page 1, page 2 (the keyset of page 1's last row) and total, explained, on a
 * connection that has searched once already, as the platform's pooled ones have: a new
 * connection's first search loads the catalog (listings' indexes, the functions) and takes
 * several times a search's own time, so it is measured apart ('cold'), where it counted as
 * one shape in twelve of every round.
 */
export async function measureInside(db: Db, rounds: number): Promise<Inside> {
  const out: Inside = { page: { ms: [], buffers: [] }, pageTwo: { ms: [], buffers: [] }, total: { ms: [], buffers: [] }, cold: { ms: [], buffers: [] } };
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    await explainQuery(client, {}, 'search_listings', out.cold);
    await explainQuery(client, {}, 'search_listings_count', { ms: [], buffers: [] });
    for (let r = 0; r < rounds; r++) {
      for (const q of QUERIES) {
        await explainQuery(client, q, 'search_listings', out.page);
        const keys = Object.keys(q);
        const page = (await client.query<Row>(
          `select promoted, rank_at, id from public.search_listings(${keys.map((k, i) => `${k} => $${i + 1}`).join(', ')})`,
          keys.map((k) => q[k]))).rows;
        const last = page[page.length - 1];
        if (page.length === 20 && last)
          await explainQuery(client, { ...q, p_after_promoted: last.promoted, p_after_rank: last.rank_at, p_after_id: last.id }, 'search_listings', out.pageTwo);
        await explainQuery(client, q, 'search_listings_count', out.total);
      }
    }
  } finally {
    await client.end();
  }
  for (const x of Object.values(out)) {
    x.ms.sort((a, b) => a - b);
    x.buffers.sort((a, b) => a - b);
  }
  return out;
}

export async function benchSearch(opts: { rounds?: number } = {}): Promise<Figure[]> {
  const rounds = opts.rounds ?? 25;
  const today = await benchDatabase(`portal_bench_search_today_${process.pid}`, baselineDir());
  let now: Db | undefined;
  let floor: Awaited<ReturnType<typeof startSearchFloor>> | undefined;
  try {
    now = await benchDatabase(`portal_bench_search_${process.pid}`, undefined);
    floor = await startSearchFloor(now.url);
    // The same client as the platform's calls (the floor reads no header, the key included).
    const servers = { today, now, floor: { call: rpcCaller(`${floor.url}/rpc`, 'anon') } };
    const t: Record<keyof typeof servers, Times> = {
      today: { page: [], pageTwo: [], total: [] },
      now: { page: [], pageTwo: [], total: [] },
      floor: { page: [], pageTwo: [], total: [] },
    };
    const scratch: Times = { page: [], pageTwo: [], total: [] };
    for (const q of QUERIES) {
      // Warm-up, and the check that all three answer the same.
      const [a, b, f] = [await measureQuery(today, q, scratch), await measureQuery(now, q, scratch), await measureQuery(servers.floor, q, scratch)];
      if (a.pages !== b.pages) throw new Error(`search ${JSON.stringify(q)}: the pages differ from today's`);
      if (f.pages !== b.pages || f.total !== b.total) throw new Error(`search ${JSON.stringify(q)}: the floor server answers otherwise`);
      if (b.total !== Math.min(a.total, COUNT_CAP + 1))
        throw new Error(`search ${JSON.stringify(q)}: total ${b.total}, today ${a.total} (cap ${COUNT_CAP})`);
    }
    for (let r = 0; r < rounds; r++) {
      for (const q of QUERIES) {
        // Rotating which goes first, so none always meets another's leftovers.
        const order = (['today', 'now', 'floor'] as const).map((_, i, all) => all[(i + r) % all.length]!);
        for (const which of order) await measureQuery(servers[which], q, t[which]);
      }
    }
    for (const x of Object.values(t)) for (const list of Object.values(x)) list.sort((p, q) => p - q);
    // Inside PostgreSQL, one database after the other (each call is short; rounds alternate).
    const inside: Record<'today' | 'now', Inside[]> = { today: [], now: [] };
    for (let r = 0; r < 6; r++) {
      inside.today.push(await measureInside(today, 1));
      inside.now.push(await measureInside(now, 1));
    }
    const merged = (list: Inside[]) => {
      const m: Inside = { page: { ms: [], buffers: [] }, pageTwo: { ms: [], buffers: [] }, total: { ms: [], buffers: [] }, cold: { ms: [], buffers: [] } };
      for (const x of list) for (const k of ['page', 'pageTwo', 'total', 'cold'] as const) {
        m[k].ms.push(...x[k].ms);
        m[k].buffers.push(...x[k].buffers);
      }
      for (const x of Object.values(m)) {
        x.ms.sort((a, b) => a - b);
        x.buffers.sort((a, b) => a - b);
      }
      return m;
    };
    const sql = { today: merged(inside.today), now: merged(inside.now) };
    // What the client itself costs (search-client.ts): the first page's JSON from a bare server.
    const client = await clientCost(JSON.stringify(await now.call({})));
    const alerts = await (async () => {
      const db = new pg.Client({ connectionString: now.url });
      await db.connect();
      return benchSavedSearchMatching(db).finally(() => db.end());
    })();
    const figure = (name: string, key: keyof Times, p: number, budget?: number): Figure => ({
      name, value: pct(t.now[key], p), baseline: pct(t.today[key], p), unit: 'ms', ...(budget ? { budget: { max: budget } } : {}),
    });
    return [
      { name: `search: listings in bench database (PostgreSQL)`, value: now.listings, baseline: today.listings, unit: 'rows' },
      { name: 'search: generating 100k listings', value: now.genMs, baseline: today.genMs, unit: 'ms' },
      figure('search API p50 (100k listings, first page)', 'page', 50),
      figure('search API p95 (100k listings, first page)', 'page', 95, 10),
      figure('search API p50 (100k listings, keyset page 2)', 'pageTwo', 50),
      figure('search API p95 (100k listings, keyset page 2)', 'pageTwo', 95, 10),
      figure('search total p50 (100k listings, search_listings_count)', 'total', 50),
      figure('search total p95 (100k listings, search_listings_count)', 'total', 95, 15),
      // What is left without the platform: PostgreSQL, the loopback and the client (search-floor.ts).
      { name: 'search floor p50, a bare Node server (first page)', value: pct(t.floor.page, 50), unit: 'ms' },
      { name: 'search floor p95, a bare Node server (first page)', value: pct(t.floor.page, 95), unit: 'ms' },
      { name: 'search floor p95, a bare Node server (keyset page 2)', value: pct(t.floor.pageTwo, 95), unit: 'ms' },
      { name: 'search floor p95, a bare Node server (search_listings_count)', value: pct(t.floor.total, 95), unit: 'ms' },
      { name: "the bench's client alone p95 (node:http, the first page's JSON)", value: pct(client.http, 95), unit: 'ms' },
      { name: "  through Node's fetch instead, p95", value: pct(client.fetch, 95), unit: 'ms' },
      ...(['page', 'pageTwo', 'total'] as const).flatMap((k): Figure[] => {
        const label = { page: 'first page', pageTwo: 'keyset page 2', total: 'search_listings_count' }[k];
        return [
          { name: `search in SQL p50 (${label})`, value: pct(sql.now[k].ms, 50), baseline: pct(sql.today[k].ms, 50), unit: 'ms' },
          { name: `search in SQL p95 (${label})`, value: pct(sql.now[k].ms, 95), baseline: pct(sql.today[k].ms, 95), unit: 'ms' },
          { name: `search buffers p50 (${label})`, value: pct(sql.now[k].buffers, 50), baseline: pct(sql.today[k].buffers, 50), unit: '8 KB' },
          { name: `search buffers max (${label})`, value: pct(sql.now[k].buffers, 100), baseline: pct(sql.today[k].buffers, 100), unit: '8 KB' },
        ];
      }),
      { name: 'search in SQL p50 (first call on a new connection)', value: pct(sql.now.cold.ms, 50), baseline: pct(sql.today.cold.ms, 50), unit: 'ms' },
      { name: 'search buffers p50 (first call on a new connection)', value: pct(sql.now.cold.buffers, 50), baseline: pct(sql.today.cold.buffers, 50), unit: '8 KB' },
      ...alerts,
    ];
  } finally {
    await floor?.close();
    await now?.close();
    await today.close();
  }
}

if (process.argv[1]?.endsWith('search.ts')) {
  benchSearch().then((f) => console.table(f), (e) => { console.error(e); process.exit(1); });
}
