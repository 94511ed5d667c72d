import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../../supabase/local/src/db/index.ts';

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
  const server = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropServerDb = async () => undefined as void;
  if (server) {
    const name = `${prefix.replace(/\W/g, '_')}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
    const admin = async (sql: string) => {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      try {
        await c.query(sql);
      } finally {
        await c.end();
      }
    };
    await admin(`create database ${name}`);
    const url = new URL(server);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropServerDb = () => admin(`drop database if exists ${name} with (force)`);
  }
  const db = await openDatabase({ databaseUrl, dataDir });
  return {
    db,
    databaseUrl,
    dataDir,
    async drop() {
      await db.close().catch(() => undefined);
      await dropServerDb();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
