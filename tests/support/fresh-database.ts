import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, type Database, type Queryable } from '../../supabase/local/src/db/index.ts';
import { createTestDatabase } from './platform.ts';

export const supabaseDir = fileURLToPath(new URL('../../supabase', import.meta.url));

export interface FreshDatabase {
  db: Database;
  /** The connection string on DATABASE_URL's server; undefined on PGlite. */
  databaseUrl?: string;
  /** openDatabase's data folder (PGlite keeps its files under <dataDir>/pglite). */
  dataDir: string;
  /** Closes the connection, drops the database and removes the folder. */
  drop(): Promise<void>;
}

/**
 * A throwaway, empty database outside the suite's platform: a new PGlite folder, or a new
 * database on DATABASE_URL's server. Nothing is applied; callers bootstrap and migrate.
 */
export async function freshDatabase(prefix: string): Promise<FreshDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  const database = await createTestDatabase(prefix);
  const databaseUrl = database?.url;
  const db = await openDatabase({ databaseUrl, dataDir });
  return {
    db,
    databaseUrl,
    dataDir,
    async drop() {
      await db.close().catch(() => undefined);
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** fn's result as the anonymous visitor on `db`, in a transaction that is rolled back. */
export async function asAnon<T>(db: Database, fn: (q: Queryable) => Promise<T>): Promise<T> {
  class Done extends Error {
    constructor(readonly value: T) {
      super('rollback');
    }
  }
  try {
    await db.transaction(async (tx) => {
      await tx.exec(`set local role anon`);
      throw new Done(await fn(tx));
    });
  } catch (err) {
    if (err instanceof Done) return err.value;
    throw err;
  }
  throw new Error('unreachable');
}
