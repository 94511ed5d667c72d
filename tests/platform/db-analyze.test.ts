/**
 * The planner's statistics on the platform's own database: every table is analyzed once the
 * migrations and the seed are in (both databases), and on PGlite, which has no autovacuum, a
 * table whose rows change past autovacuum's threshold is analyzed again on a schedule, so its
 * plans follow the data as PostgreSQL's do. Own platform: the test sets a short schedule.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';

let t: TestPlatform;
const reltuples = async (table: string) =>
  Number((await t.platform.db.query<{ n: number }>(`select reltuples as n from pg_class where oid = $1::regclass`, [table])).rows[0]!.n);

beforeAll(async () => {
  t = await startTestPlatform({ supabaseDir: join(import.meta.dirname, 'fixture'), cron: false, autoAnalyzeMs: 250 });
});

afterAll(async () => {
  await t?.stop();
});

describe('statistics', () => {
  it('every table of the migrations has been analyzed before the first request', async () => {
    // reltuples is -1 until a table's first ANALYZE (or VACUUM).
    const { rows } = await t.platform.db.query<{ name: string }>(
      `select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname in ('public', 'auth', 'storage') and c.reltuples < 0`,
    );
    expect(rows).toEqual([]);
  });

  it.runIf(!process.env.DATABASE_URL)('PGlite: a table that grew past the threshold is analyzed again by itself', async () => {
    const before = await reltuples('public.tags');
    await t.platform.db.exec(`insert into public.tags (name) select 'tag-' || g from generate_series(1, 3000) g`);
    const deadline = Date.now() + 15_000;
    while ((await reltuples('public.tags')) < before + 3000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    expect(await reltuples('public.tags')).toBeGreaterThanOrEqual(before + 3000);
  });
});
