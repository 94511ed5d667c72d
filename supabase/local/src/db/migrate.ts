import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './types.ts';

const bootstrapSql = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

export interface PrepareOptions {
  supabaseDir: string;
  /** SQL each API module needs before migrations (realtime capture, …). */
  moduleSql: string[];
  log?: (line: string) => void;
}

/**
 * Bootstrap (idempotent), then each migration once in file-name order inside its own
 * transaction, then seed.sql when this start found an empty database.
 */
export async function prepareDatabase(db: Database, opts: PrepareOptions): Promise<{ applied: string[]; seeded: boolean }> {
  const log = opts.log ?? (() => undefined);
  await db.exec(bootstrapSql);
  for (const sql of opts.moduleSql) await db.exec(sql);

  const done = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const empty = done.size === 0;
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
      throw new Error(`migration ${file} failed: ${(err as Error).message}`);
    }
    applied.push(file);
    log(`applied migration ${file}`);
  }

  let seeded = false;
  const seed = join(opts.supabaseDir, 'seed.sql');
  if (empty && existsSync(seed)) {
    try {
      await db.exec(readFileSync(seed, 'utf8'));
    } catch (err) {
      throw new Error(`seed.sql failed: ${(err as Error).message}`);
    }
    seeded = true;
    log('applied seed.sql');
  }
  await db.query(`notify pgrst, 'reload schema'`);
  return { applied, seeded };
}
