import type { Database } from './types.ts';

/** Every table outside the catalogs, as ANALYZE takes them ("schema"."table"). */
const USER_TABLES = `select format('%I.%I', schemaname, tablename) as name from pg_tables
  where schemaname not in ('pg_catalog', 'information_schema') order by 1`;

/**
 * The tables autovacuum would analyze now: rows changed since the last ANALYZE beyond its
 * default threshold (autovacuum_analyze_threshold 50 + autovacuum_analyze_scale_factor 0.1 of
 * the table's rows).
 */
const CHANGED_TABLES = `select format('%I.%I', s.schemaname, s.relname) as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) order by 1`;

async function analyze(db: Database, sql: string): Promise<string[]> {
  const names = (await db.query<{ name: string }>(sql)).rows.map((r) => r.name);
  if (names.length) await db.exec(`analyze ${names.join(', ')}`);
  return names;
}

/**
 * Gathers the planner's statistics of every table once the schema and the seed are in, so the
 * first queries are planned as on a server whose autovacuum has run (PGlite has none: without
 * statistics its planner guessed sizes and walked whole tables where PostgreSQL used an index).
 */
export function analyzeAll(db: Database): Promise<string[]> {
  return analyze(db, USER_TABLES);
}

/**
 * autovacuum's analyze for PGlite, which has no background workers: every `intervalMs`, the
 * tables whose changes passed autovacuum's threshold are analyzed. On a PostgreSQL server,
 * autovacuum itself does this, so the platform does not. Returns the function that stops it.
 */
export function scheduleAutoAnalyze(db: Database, intervalMs: number, log: (message: string) => void): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running
      .then(() => analyze(db, CHANGED_TABLES))
      // Quiet when it works, as autovacuum is by default (log_autovacuum_min_duration -1).
      .catch((err: Error) => log(`analyze failed: ${err.message}`));
  }, intervalMs);
  timer.unref?.();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
