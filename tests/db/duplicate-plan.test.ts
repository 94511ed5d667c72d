/**
 * The duplicate check's plan once the planner has statistics (issue 41): on a throwaway
 * database whose hashes are skewed (one account's one listing), analyzed as the platform
 * analyzes after seeding and on its schedule, private.similar_photos still reads
 * listing_photo_hashes through its band and hash indexes only, call after call on one
 * connection. Without the fence in similar_photos, PL/pgSQL's generic plan started from the
 * table's side on both databases and walked every row (6-9 s a check on PGlite at 200,000 rows).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyzeAll } from '../../supabase/local/src/db/analyze.ts';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';
import { freshDatabase, supabaseDir, type FreshDatabase } from '../support/fresh-database.ts';

let fresh: FreshDatabase;

beforeAll(async () => {
  fresh = await freshDatabase('duplicate-plan');
  const db = fresh.db;
  await prepareDatabase(db, { supabaseDir, moduleSql: [] });
  // Skewed on purpose: 40,000 photos of one account's one listing, with their five variants
  // (the rows' owner and listing need not exist here).
  await db.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica`);
    await tx.exec(`insert into public.listing_photo_hashes (photo_id, variant, listing_id, user_id, phash)
      select gen_random_uuid(), v, '${crypto.randomUUID()}', '${crypto.randomUUID()}', (random() * 9.2e18)::bigint * (case when random() < 0.5 then -1 else 1 end)
        from generate_series(1, 40000) g, unnest(array['crop', 'mirror', 'inner90', 'inner80', 'mirror90']) v`);
  });
  await analyzeAll(db);
}, 180_000);

afterAll(async () => {
  await fresh?.drop();
});

describe('the duplicate check with statistics', () => {
  it('reads the hashes through their indexes only, never the whole table, call after call', async () => {
    const hashes = { crop: '0123456789abcdef', mirror: 'fedcba9876543210', inner90: '0f0f0f0f0f0f0f0f', inner80: 'f0f0f0f0f0f0f0f0', mirror90: 'aaaaaaaaaaaaaaaa' };
    const scans = await fresh.db.transaction(async (tx) => {
      // From the sixth call on a connection, PL/pgSQL may keep one generic plan, made without
      // knowing whose photo is checked: the plan that matters on a long-lived connection.
      for (let i = 0; i < 8; i++) {
        await tx.query(`select * from private.similar_photos($1::jsonb, gen_random_uuid(), 8, now())`, [JSON.stringify(hashes)]);
      }
      // This transaction's own counters.
      const { rows } = await tx.query<{ seq: string; idx: string }>(
        `select seq_scan::text as seq, idx_scan::text as idx from pg_stat_xact_user_tables where relid = 'public.listing_photo_hashes'::regclass`,
      );
      return rows[0]!;
    });
    expect(Number(scans.idx)).toBeGreaterThan(0);
    expect(Number(scans.seq)).toBe(0);
  });
});
