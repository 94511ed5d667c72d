import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startPlatform, type RunningPlatform } from '../../supabase/local/src/platform.ts';

/** The header naming the client for rate limits on test platforms (GOTRUE_RATE_LIMIT_HEADER). */
export const RATE_LIMIT_HEADER = 'x-forwarded-for';

export interface TestPlatform {
  platform: RunningPlatform;
  /** What test workers need to reach it. */
  info: PlatformInfo;
  /** Its database on DATABASE_URL's server; undefined on PGlite. */
  databaseUrl?: string;
  stop(): Promise<void>;
}

export interface PlatformInfo {
  url: string;
  anonKey: string;
  /** The project's new-format publishable key (anon). */
  publishableKey: string;
  serviceRoleKey: string;
  jwtSecret: string;
  dbKind: 'pglite' | 'postgres';
  /** The platform's data folder (storage bytes live under <dataDir>/storage). */
  dataDir: string;
  /** Its database on DATABASE_URL's server, for a test that must hold a lock of its own; undefined on PGlite. */
  databaseUrl?: string;
}

/**
 * A brand-new database on the DATABASE_URL server (dropped by `drop`), or undefined when the
 * tests run on PGlite.
 */
export async function createTestDatabase(prefix = 'portal_test'): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  const server = process.env.DATABASE_URL;
  if (!server) return undefined;
  const name = `${prefix.replace(/\W/g, '_')}_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: server });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A platform on a free port over a brand-new database: a fresh PGlite folder, or, when
 * DATABASE_URL is set, a fresh database created on that server and dropped afterwards.
 */
export async function startTestPlatform(
  opts: { supabaseDir?: string; cron?: boolean; devMailOutbox?: boolean; rateLimitHeader?: string | null; functionsRuntime?: 'node' | 'deno'; autoAnalyzeMs?: number } = {},
): Promise<TestPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'supabase-local-test-'));
  const database = await createTestDatabase();
  const databaseUrl = database?.url;
  const dropDatabase = database ? () => database.drop() : undefined;
  const platform = await startPlatform({
    port: 0,
    dataDir,
    databaseUrl: databaseUrl ?? '',
    supabaseDir: opts.supabaseDir,
    quiet: true,
    cron: opts.cron,
    devMailOutbox: opts.devMailOutbox ?? true,
    functionsRuntime: opts.functionsRuntime,
    autoAnalyzeMs: opts.autoAnalyzeMs,
    // Rate limits as configured, per client named by this header (as behind Supabase's proxy);
    // requests without it are not limited, so the suites' many sign-ins from 127.0.0.1 pass
    // and a test of a limit sends its own client address. null: the default (socket address).
    rateLimitHeader: opts.rateLimitHeader === null ? undefined : (opts.rateLimitHeader ?? RATE_LIMIT_HEADER),
  });
  return {
    platform,
    info: {
      url: platform.url,
      anonKey: platform.keys.anon,
      publishableKey: platform.keys.publishable,
      serviceRoleKey: platform.keys.serviceRole,
      jwtSecret: platform.config.jwtSecret,
      dbKind: platform.db.kind,
      dataDir,
      databaseUrl,
    },
    databaseUrl,
    async stop() {
      await platform.close();
      await dropDatabase?.();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
