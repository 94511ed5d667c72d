import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './types.ts';

const bootstrapSql = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

/** Where the Supabase CLI records the seed files it ran (path, sha256 of the text). */
const SEED_TABLE = 'create table if not exists supabase_migrations.seed_files (path text not null primary key, hash text not null)';
const SEED_PATH = 'supabase/seed.sql';

/** seed.sql runs inside the transaction that records it: its own begin/commit lines go. */
function withoutTransactionLines(sql: string): string {
  return sql.replace(/^\s*(begin|commit)\s*;\s*$/gim, '');
}

export interface PrepareOptions {
  supabaseDir: string;
  /** SQL each API module needs before migrations (realtime capture, …). */
  moduleSql: string[];
  log?: (line: string) => void;
}

/**
 * Bootstrap (idempotent), then each migration once in file-name order inside its own
 * transaction, then seed.sql for a database created by this start or by one that stopped
 * before its seed was recorded: a database's first start creates supabase_migrations.seed_files
 * before any migration, and the seed commits together with its row there. (A database without
 * that table predates it and was seeded.)
 */
export async function prepareDatabase(db: Database, opts: PrepareOptions): Promise<{ applied: string[]; seeded: boolean }> {
  const log = opts.log ?? (() => undefined);
  await db.exec(bootstrapSql);
  for (const sql of opts.moduleSql) await db.exec(sql);

  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  if (done.size === 0) await db.exec(SEED_TABLE);
  const dir = join(opts.supabaseDir, 'migrations');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sql')).sort() : [];
  const applied: string[] = [];
  for (const file of files) {
    const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
    if (!version || done.has(version)) continue;
    const sql = readFileSync(join(dir, file), 'utf8');
    try {
      await db.transaction(async (tx) => {
        // As `supabase db push` runs each file: RESET ALL, so `extensions` is not searched.
        await tx.exec(`reset all; set local search_path = "$user", public`);
        await tx.exec(sql);
        await tx.query('insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)', [
          version,
          rest.join('_'),
          [sql],
        ]);
      });
    } catch (err) {
      throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
    }
    applied.push(file);
    log(`applied migration ${file}`);
  }

  let seeded = false;
  const seed = join(opts.supabaseDir, 'seed.sql');
  if (existsSync(seed) && (await seedPending(db))) {
    const sql = readFileSync(seed, 'utf8');
    try {
      await db.transaction(async (tx) => {
        await tx.exec(withoutTransactionLines(sql));
        await tx.query('insert into supabase_migrations.seed_files (path, hash) values ($1, $2)', [SEED_PATH, createHash('sha256').update(sql).digest('hex')]);
      });
    } catch (err) {
      throw new Error(`seed.sql failed: ${(err as Error).message}`, { cause: err });
    }
    seeded = true;
    log('applied seed.sql');
  }
  await db.query(`notify pgrst, 'reload schema'`);
  return { applied, seeded };
}

/** Whether this database is tracked (see prepareDatabase) and its seed not recorded yet. */
async function seedPending(db: Database): Promise<boolean> {
  const tracked = await db.query<{ t: string | null }>(`select to_regclass('supabase_migrations.seed_files')::text as t`);
  if (tracked.rows[0]?.t == null) return false;
  const r = await db.query('select 1 from supabase_migrations.seed_files where path = $1', [SEED_PATH]);
  return r.rows.length === 0;
}
