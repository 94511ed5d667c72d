/**
 * The duplicate-photo check at scale (issue 26): 1,000,000 perceptual hashes generated on
 * PostgreSQL (DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres) in
 * the real table and indexes (listing_photo_hashes, its four 16-bit band indexes), then the
 * check one new photo runs (private.similar_photos at duplicate_photo_max_distance) timed for
 * near copies of stored hashes and for unrelated ones. Budget: p95 20 ms on 2 cores.
 *
 *   npm run bench -- phash        (or: npx tsx tests/bench/phash.ts)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPlatform } from '../../supabase/local/src/platform.ts';
import type { Figure } from './types.ts';

const ROWS = 1_000_000;

function server(): string {
  const url = process.env.DATABASE_URL;
  return url && /^postgres(ql)?:\/\//.test(url) ? url : 'postgres://postgres@127.0.0.1:5432/postgres';
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** A hash `bits` random bits away from `hash` (16 hex digits). */
function near(hash: string, bits: number): string {
  let x = BigInt(`0x${hash}`);
  const flipped = new Set<number>();
  while (flipped.size < bits) flipped.add(Math.floor(Math.random() * 64));
  for (const b of flipped) x ^= 1n << BigInt(b);
  return x.toString(16).padStart(16, '0');
}

const randomHash = () => Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

export async function benchPhash(opts: { rows?: number; probes?: number } = {}): Promise<Figure[]> {
  const rows = opts.rows ?? ROWS;
  const probes = opts.probes ?? 200;
  const SERVER = server();
  const name = `portal_bench_phash_${process.pid}`;
  const a = new pg.Client({ connectionString: SERVER });
  await a.connect();
  await a.query(`drop database if exists ${name} with (force)`);
  await a.query(`create database ${name}`);
  await a.end();
  const dbUrl = new URL(SERVER);
  dbUrl.pathname = `/${name}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-phash-'));
  let platform: Awaited<ReturnType<typeof startPlatform>> | undefined;
  try {
    // The platform migrates the database: the very table, bands and function the upload path uses.
    platform = await startPlatform({ port: 0, dataDir, databaseUrl: dbUrl.toString(), quiet: true, cron: false });
    const c = new pg.Client({ connectionString: dbUrl.toString() });
    await c.connect();
    const t0 = performance.now();
    // Hashes only: the photo, listing and owner rows they point to are not what is measured,
    // so the foreign keys' triggers are off for the load (session_replication_role).
    await c.query(`set session_replication_role = replica`);
    await c.query(`insert into public.listing_photo_hashes (photo_id, listing_id, user_id, phash)
      select gen_random_uuid(), gen_random_uuid(), gen_random_uuid(), ('x' || substr(md5(i::text || random()::text), 1, 16))::bit(64)::bigint
        from generate_series(1, $1) i`, [rows]);
    await c.query(`set session_replication_role = origin`);
    await c.query('vacuum analyze public.listing_photo_hashes');
    const genMs = performance.now() - t0;
    const n = (await c.query<{ n: string }>('select count(*) as n from public.listing_photo_hashes')).rows[0]!.n;
    const d = (await c.query<{ d: number }>('select private.duplicate_photo_max_distance() as d')).rows[0]!.d;
    const stored = (await c.query<{ h: string }>(`select lpad(to_hex(phash), 16, '0') as h from public.listing_photo_hashes tablesample system (1) limit $1`, [probes])).rows.map((r) => r.h);

    const check = async (hash: string) => {
      const s = performance.now();
      const r = await c.query(`select * from private.similar_photos(('x' || $1)::bit(64)::bigint, gen_random_uuid(), $2)`, [hash, d]);
      return { ms: performance.now() - s, found: r.rowCount ?? 0 };
    };
    for (let i = 0; i < 20; i++) await check(randomHash()); // warm-up
    const copies: number[] = [];
    const fresh: number[] = [];
    let missed = 0;
    for (const h of stored) {
      const r = await check(near(h, Math.floor(Math.random() * (d + 1))));
      copies.push(r.ms);
      if (!r.found) missed++;
      fresh.push((await check(randomHash())).ms);
    }
    const all = [...copies, ...fresh].sort((x, y) => x - y);
    copies.sort((x, y) => x - y);
    fresh.sort((x, y) => x - y);
    await c.end();
    if (missed) throw new Error(`${missed} near copies within ${d} bits were not found`);
    return [
      { name: 'phash: hashes in listing_photo_hashes (PostgreSQL)', value: Number(n), unit: 'rows' },
      { name: `phash: generating ${rows.toLocaleString('en')} hashes`, value: genMs, unit: 'ms' },
      { name: `phash check p50 (one new photo, ${d} bits)`, value: pct(all, 50), unit: 'ms' },
      { name: 'phash check p95 (near copies: found)', value: pct(copies, 95), unit: 'ms', budget: { max: 20 } },
      { name: 'phash check p95 (unrelated photos)', value: pct(fresh, 95), unit: 'ms', budget: { max: 20 } },
      { name: 'phash check p95 (all)', value: pct(all, 95), unit: 'ms', budget: { max: 20 } },
    ];
  } finally {
    await platform?.close();
    rmSync(dataDir, { recursive: true, force: true });
    const z = new pg.Client({ connectionString: SERVER });
    await z.connect();
    await z.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
    await z.end();
  }
}

if (process.argv[1]?.endsWith('phash.ts')) {
  benchPhash().then((f) => console.table(f), (e) => { console.error(e); process.exit(1); });
}
