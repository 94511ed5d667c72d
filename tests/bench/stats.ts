/**
 * Listing statistics (issue 27) on PostgreSQL: how many events a second record_listing_events
 * takes (budget 2,000 on these 2 cores), as the pages send them (batches of 20 from many
 * devices, 8 at a time, through the REST API and, beside it, straight through SQL; the view,
 * calls, WhatsApp taps and favourites with their page's token, issue 41), and the
 * statistics screen's reads (the listing and its 30 days) p95 for a listing with a year of
 * daily rows, among 1,000 listings that have a year each.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPlatform } from '../../supabase/local/src/platform.ts';
import type { Figure } from './types.ts';

const LISTINGS = 1000;
const BATCH = 20;
const CONCURRENCY = 8;
const BATCHES = 600;

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

type Event = { type: string; listing: string; token?: string };

/** A page's batch: a view, search appearances, now and then a tap or a favourite (issue 41: those with their page's token). */
function batch(ids: string[], n: number): Event[] {
  const pick = (k: number) => ids[(n * 7919 + k * 104729) % ids.length]!;
  return Array.from({ length: BATCH }, (_, k) => ({
    type: k === 0 ? 'view' : k === 1 && n % 5 === 0 ? 'whatsapp' : k === 2 && n % 7 === 0 ? 'call' : k === 3 && n % 9 === 0 ? 'favourite' : 'impression',
    listing: pick(k),
  }));
}

/** Gives every page event of the batches a fresh page token, as listing_detail mints them. */
async function withTokens(c: pg.Client, batches: Event[][]): Promise<Event[][]> {
  const wanted = batches.flat().filter((e) => e.type !== 'impression');
  const { rows } = await c.query<{ t: string }>(
    `select private.listing_view_token(u.id, false) as t from unnest($1::uuid[]) with ordinality u (id, n) order by u.n`,
    [wanted.map((e) => e.listing)],
  );
  let i = 0;
  return batches.map((b) => b.map((e) => (e.type === 'impression' ? e : { ...e, token: rows[i++]!.t })));
}

async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++]!);
  }));
}

export async function benchStats(): Promise<Figure[]> {
  // run.ts puts DATABASE_URL back after its PGlite pass; unset, Node keeps the word 'undefined'.
  const env = process.env.DATABASE_URL;
  const server = env?.startsWith('postgres') ? env : 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `portal_bench_stats_${process.pid}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(server);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-stats-'));
  const platform = await startPlatform({ port: 0, dataDir, databaseUrl: dbUrl.toString(), quiet: true, cron: false });
  const c = new pg.Client({ connectionString: dbUrl.toString() });
  await c.connect();
  try {
    // An owner with a password, and 1,000 public listings of hers.
    const email = `bench.stats.${process.pid}@example.test`;
    const password = 'bench-password-1';
    const created = await fetch(`${platform.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: platform.keys.serviceRole, authorization: `Bearer ${platform.keys.serviceRole}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, email_confirm: true }),
    });
    const owner = ((await created.json()) as { id: string }).id;
    const { rows } = await c.query<{ id: string }>(
      `insert into public.listings (user_id, title, slug, category, city, age, description)
       select $1, 'Annuncio statistiche ' || g, 'bench-stats-' || g, 'donne', 'Roma', 30, 'Annuncio per misurare le statistiche degli annunci.'
         from generate_series(1, $2::int) g returning id`,
      [owner, LISTINGS],
    );
    const ids = rows.map((r) => r.id);
    // A year of days for every listing (365,000 rows), today's left for the ingest.
    await c.query(
      `insert into public.listing_stats_daily (listing_id, day, views, calls, whatsapp, favourites, impressions, promoted)
       select l.id, private.stats_day() - d, 20 + (d * 7) % 50, d % 3, d % 4, d % 2, 200 + d % 300, d % 30 < 7
         from unnest($1::uuid[]) l (id), generate_series(1, 365) d`,
      [ids],
    );
    await c.query('vacuum analyze public.listing_stats_daily');

    // Ingest through the REST API, as the pages send it (anon key, one device per batch).
    const rest = async (events: unknown) => {
      const res = await fetch(`${platform.url}/rest/v1/rpc/record_listing_events`, {
        method: 'POST',
        headers: { apikey: platform.keys.anon, authorization: `Bearer ${platform.keys.anon}`, 'content-type': 'application/json' },
        body: JSON.stringify({ p_device: crypto.randomUUID(), p_events: events }),
      });
      if (!res.ok) throw new Error(`record_listing_events answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    const plain = Array.from({ length: BATCHES }, (_, n) => batch(ids, n));
    // Each pass its own tokens (a token counts once).
    const [warm, batches, sqlBatches] = [await withTokens(c, plain.slice(0, 40)), await withTokens(c, plain), await withTokens(c, plain)];
    await pool(warm, CONCURRENCY, rest); // warm-up
    let t0 = performance.now();
    await pool(batches, CONCURRENCY, rest);
    const restRate = (BATCHES * BATCH) / ((performance.now() - t0) / 1000);

    // The same batches straight through SQL, 8 connections: the database's own share.
    const clients = await Promise.all(Array.from({ length: CONCURRENCY }, async () => {
      const k = new pg.Client({ connectionString: dbUrl.toString() });
      await k.connect();
      return k;
    }));
    const free = [...clients];
    t0 = performance.now();
    await pool(sqlBatches, CONCURRENCY, async (events) => {
      const k = free.pop()!;
      await k.query('select public.record_listing_events($1, $2)', [crypto.randomUUID(), JSON.stringify(events)]);
      free.push(k);
    });
    const sqlRate = (BATCHES * BATCH) / ((performance.now() - t0) / 1000);
    await Promise.all(clients.map((k) => k.end()));

    // The screen's reads as the owner: the listing and its last 30 days, in parallel.
    const signIn = await fetch(`${platform.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: platform.keys.anon, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    const token = ((await signIn.json()) as { access_token: string }).access_token;
    const headers = { apikey: platform.keys.anon, authorization: `Bearer ${token}` };
    const listing = ids[Math.floor(ids.length / 2)]!;
    const from = (await c.query<{ d: string }>(`select (private.stats_day() - 29)::text as d`)).rows[0]!.d;
    const read = async () => {
      const [a, b] = await Promise.all([
        fetch(`${platform.url}/rest/v1/listings?select=id,title,user_id,is_premium,promotion_start_at,promotion_end_at&id=eq.${listing}`, { headers }),
        fetch(`${platform.url}/rest/v1/listing_stats_daily?select=day,views,calls,whatsapp,favourites,impressions,promoted&listing_id=eq.${listing}&day=gte.${from}&order=day`, { headers }),
      ]);
      const days = (await b.json()) as unknown[];
      await a.arrayBuffer();
      if (!a.ok || !b.ok || days.length < 29) throw new Error(`stats read: ${a.status} ${b.status}, ${days.length} days`);
    };
    for (let i = 0; i < 10; i++) await read();
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      await read();
      times.push(performance.now() - s);
    }
    times.sort((p, q) => p - q);
    // What PostgreSQL spends on the counts' read (the plan is the primary key's range).
    const inside: number[] = [];
    for (let i = 0; i < 50; i++) {
      const { rows: plan } = await c.query<{ 'QUERY PLAN': { 'Execution Time': number }[] }>(
        `explain (analyze, format json) select day, views, calls, whatsapp, favourites, impressions, promoted
           from public.listing_stats_daily where listing_id = $1 and day >= $2 order by day`,
        [listing, from],
      );
      inside.push(plan[0]!['QUERY PLAN'][0]!['Execution Time']);
    }
    inside.sort((p, q) => p - q);
    return [
      // The local platform's REST layer (Node) stands in for PostgREST here: its figure is for comparison, the budget is the database's.
      { name: 'stats ingest through local REST (PostgreSQL, 8 at a time)', value: restRate, unit: 'ev/s' },
      { name: 'stats ingest in SQL (PostgreSQL, 8 connections)', value: sqlRate, unit: 'ev/s', budget: { min: 2000 } },
      { name: 'stats screen reads p95 (a year of days)', value: pct(times, 95), unit: 'ms' },
      { name: 'stats counts query in PostgreSQL p95', value: pct(inside, 95), unit: 'ms' },
    ];
  } finally {
    await c.end();
    await platform.close();
    rmSync(dataDir, { recursive: true, force: true });
    const a = new pg.Client({ connectionString: server });
    await a.connect();
    await a.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await a.end();
  }
}
