import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { Database } from './types.ts';

export type { Database, Queryable, QueryResult, RequestAuth, RoleSettings, Field } from './types.ts';

/** DATABASE_URL wins; otherwise embedded PGlite under the data folder. */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  const dir = join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  return openPglite(dir);
}
