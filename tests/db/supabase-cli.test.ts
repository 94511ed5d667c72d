/**
 * The real Supabase CLI (the pinned `supabase` devDependency, its binary from the npm package
 * @supabase/cli-<platform>) against databases prepared as the local platform bootstraps one:
 * `db push --db-url` applies every migration and a second push finds nothing to do;
 * `migration list` agrees with supabase_migrations.schema_migrations whether the CLI or the
 * platform wrote it; `db lint` (plpgsql_check: Debian's postgresql-15-plpgsql-check) finds
 * nothing at warning level in public and private. The CLI needs no Docker for these with
 * --db-url, but it needs a PostgreSQL server: on PGlite the tests are skipped.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';
import { freshDatabase, supabaseDir, type FreshDatabase } from '../support/fresh-database.ts';

const repoDir = join(supabaseDir, '..');
const cli = join(repoDir, 'node_modules', '.bin', 'supabase');
const versions = readdirSync(join(supabaseDir, 'migrations'))
  .filter((f) => f.endsWith('.sql'))
  .sort()
  .map((f) => f.split('_')[0]!);
const onPostgres = Boolean(process.env.DATABASE_URL);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI in the repo (it reads supabase/), against `url` without TLS (a local server has none). */
function supabase(args: string[], url: string): Promise<Run> {
  const dbUrl = `${url}${url.includes('?') ? '&' : '?'}sslmode=disable`;
  return new Promise((resolve) => {
    execFile(cli, [...args, '--db-url', dbUrl], { cwd: repoDir, timeout: 120_000, maxBuffer: 16 * 1024 * 1024, env: { ...process.env, DO_NOT_TRACK: '1' } }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const said = (r: Run) => `exit ${r.code}\n${r.stdout}\n${r.stderr}`;

/** A database as a new project has it before its first migration: the platform's bootstrap.sql alone. */
async function bootstrapped(prefix: string): Promise<FreshDatabase> {
  const fresh = await freshDatabase(prefix);
  await prepareDatabase(fresh.db, { supabaseDir: mkdtempSync(join(tmpdir(), 'no-migrations-')), moduleSql: [] });
  // A new Supabase project has pgcrypto but not pg_trgm: the migrations enable it.
  await fresh.db.exec('drop extension if exists pg_trgm cascade');
  return fresh;
}

async function recorded(fresh: FreshDatabase): Promise<{ version: string; name: string }[]> {
  return (await fresh.db.query<{ version: string; name: string }>('select version, name from supabase_migrations.schema_migrations order by version')).rows;
}

async function listed(fresh: FreshDatabase): Promise<{ local: string; remote: string }[]> {
  const r = await supabase(['migration', 'list', '--output-format', 'json'], fresh.databaseUrl!);
  expect(r.code, said(r)).toBe(0);
  return (JSON.parse(r.stdout) as { migrations: { local: string; remote: string }[] }).migrations.map(({ local, remote }) => ({ local, remote }));
}

describe.runIf(onPostgres)('the Supabase CLI on a fresh PostgreSQL database', () => {
  let pushed: FreshDatabase;
  let platformMigrated: FreshDatabase;

  beforeAll(async () => {
    // One after the other: bootstrap.sql changes the server's roles, which two at once would race on.
    pushed = await bootstrapped('cli-push');
    platformMigrated = await bootstrapped('cli-platform');
  }, 60_000);
  afterAll(async () => {
    await pushed?.drop();
    await platformMigrated?.drop();
  });

  it('db push applies every migration, and a second push finds the database up to date', async () => {
    const first = await supabase(['db', 'push', '--yes'], pushed.databaseUrl!);
    expect(first.code, said(first)).toBe(0);
    const applied = [...(first.stdout + first.stderr).matchAll(/Applying migration (\d+)_/g)].map((m) => m[1]);
    expect(applied, said(first)).toEqual(versions);
    expect((await recorded(pushed)).map((r) => r.version)).toEqual(versions);

    const again = await supabase(['db', 'push', '--yes'], pushed.databaseUrl!);
    expect(again.code, said(again)).toBe(0);
    expect(again.stdout + again.stderr).toContain('Remote database is up to date.');
  }, 120_000);

  it('migration list agrees with schema_migrations as the CLI and as the local platform write it', async () => {
    const everyVersion = versions.map((v) => ({ local: v, remote: v }));
    expect(await listed(pushed)).toEqual(everyVersion);

    // The platform's own migrator on the other database: the CLI sees the same history.
    // Roles are the server's, not the database's: another test file bootstrapping its own database at the
    // same moment can make one role statement fail with 'tuple concurrently updated'; the bootstrap is idempotent.
    await prepareDatabase(platformMigrated.db, { supabaseDir, moduleSql: [] }).catch(async (err: Error) => {
      if (!/tuple concurrently updated/.test(err.message)) throw err;
      await prepareDatabase(platformMigrated.db, { supabaseDir, moduleSql: [] });
    });
    expect(await recorded(platformMigrated)).toEqual(await recorded(pushed));
    expect(await listed(platformMigrated)).toEqual(everyVersion);
    const dry = await supabase(['db', 'push', '--dry-run'], platformMigrated.databaseUrl!);
    expect(dry.code, said(dry)).toBe(0);
    expect(dry.stdout + dry.stderr).toContain('Remote database is up to date.');
  }, 120_000);

  it('db lint finds nothing at warning level in public and private', async () => {
    // pg_net's signature, as on Supabase (private.call_edge_function calls it); Debian has no pg_net.
    await pushed.db.exec(`
      create schema if not exists net;
      create or replace function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
        headers jsonb default '{"Content-Type": "application/json"}', timeout_milliseconds integer default 5000)
      returns bigint language sql as 'select 0::bigint'`);
    const r = await supabase(['db', 'lint', '--level', 'warning', '-s', 'public,private'], pushed.databaseUrl!);
    expect(r.code, `${said(r)}\n(db lint needs plpgsql_check: apt-get install postgresql-15-plpgsql-check)`).toBe(0);
    const text = r.stdout.trim();
    const findings = text ? (JSON.parse(text) as { function: string; issues: { level: string; message: string; detail?: string }[] }[]) : [];
    const lines = findings.flatMap((f) => f.issues.map((i) => `${f.function}: ${i.level}: ${i.message}${i.detail ? ` (${i.detail})` : ''}`));
    expect(lines).toEqual([]);
  }, 120_000);
});

describe.skipIf(onPostgres)('the Supabase CLI on PGlite', () => {
  it('is not run: db push, migration list and db lint need a PostgreSQL server (set DATABASE_URL)', ({ skip }) => {
    skip('the Supabase CLI connects to a PostgreSQL server; PGlite has none: these tests run in the PostgreSQL pass');
  });
});
