/**
 * A first start killed (kill -9) while seed.sql runs must not leave an empty database that
 * says ready: the next start finds the seed unrecorded and runs it.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startPlatform } from '../../supabase/local/src/platform.ts';
import { createTestDatabase } from '../support/platform.ts';

const root = mkdtempSync(join(tmpdir(), 'seed-recovery-'));
const supabaseDir = join(root, 'supabase');
const dataDir = join(root, 'data');
mkdirSync(join(supabaseDir, 'migrations'), { recursive: true });
mkdirSync(dataDir);
writeFileSync(
  join(supabaseDir, 'migrations', '20260101000000_items.sql'),
  'create table public.seeded_items (id integer primary key, name text not null);\n',
);
const seedRows = "insert into public.seeded_items select i, 'item ' || i from generate_series(1, 50) i;";
/** The seed the first start runs: its rows, then a long pause the test kills the start in. */
const slowSeed = `begin;\n${seedRows}\nset local client_connection_check_interval = '100ms';\nselect pg_sleep(8);\ncommit;\n`;

/** Starts the platform in a child process and kills it (SIGKILL) once seed.sql is running. */
function killDuringSeed(databaseUrl: string | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'support', 'start-child.ts'), supabaseDir, dataDir, databaseUrl ?? ''], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      if (out.includes('applied migration 20260101000000_items.sql')) {
        child.stdout.off('data', onData);
        // The seed starts right after the last migration and pauses 8 s: kill it well inside.
        setTimeout(() => child.kill('SIGKILL'), 1500);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code, signal) => (signal === 'SIGKILL' ? resolve(out) : reject(new Error(`start ended on its own (${code}): ${out}`))));
  });
}

describe('first start interrupted during seed.sql', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
    rmSync(root, { recursive: true, force: true });
  });

  it('runs the seed again on the next start', { timeout: 60_000 }, async () => {
    const database = await createTestDatabase();
    if (database) cleanup.push(() => database.drop());
    writeFileSync(join(supabaseDir, 'seed.sql'), slowSeed);
    const log = await killDuringSeed(database?.url);
    expect(log).not.toContain('ready in');

    writeFileSync(join(supabaseDir, 'seed.sql'), `begin;\n${seedRows}\ncommit;\n`);
    const lines: string[] = [];
    const realLog = console.log;
    console.log = (...args: unknown[]) => lines.push(args.join(' '));
    const platform = await startPlatform({ port: 0, supabaseDir, dataDir, databaseUrl: database?.url ?? '', cron: false }).finally(() => {
      console.log = realLog;
    });
    cleanup.push(() => platform.close());
    expect(lines.join('\n')).toContain('applied seed.sql');
    const r = await platform.db.query<{ n: number }>('select count(*)::int as n from public.seeded_items');
    expect(r.rows[0]!.n).toBe(50);
    const recorded = await platform.db.query('select path from supabase_migrations.seed_files');
    expect(recorded.rows).toEqual([{ path: 'supabase/seed.sql' }]);

    // Once recorded, a later start leaves the data alone.
    await platform.close();
    cleanup.pop();
    const again = await startPlatform({ port: 0, supabaseDir, dataDir, databaseUrl: database?.url ?? '', cron: false, quiet: true });
    cleanup.push(() => again.close());
    expect((await again.db.query<{ n: number }>('select count(*)::int as n from public.seeded_items')).rows[0]!.n).toBe(50);
  });
});
