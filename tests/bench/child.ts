/**
 * Today's platform beside the new one (issue 28): a platform started from a checkout (this
 * repository, or today's from baseline.ts) in a child process over a fresh database, so both
 * run the same bench in one run.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createTestDatabase } from '../support/platform.ts';
import type { BenchTarget } from './types.ts';

const repo = join(import.meta.dirname, '..', '..');
export interface ChildPlatform {
  target: BenchTarget;
  /** The child's process (its CPU time: cpu.ts). */
  pid: number;
  /** The child's database on DATABASE_URL's server; undefined on PGlite. */
  databaseUrl: string | undefined;
  /** Closes the platform (its CPU profile, if any, is then written) and drops its database. */
  stop(): Promise<void>;
}

/**
 * Starts `dir`'s platform over `project` ('fixture': tests/platform/fixture; 'product':
 * supabase/) on a fresh database (PGlite folder, or a new database on DATABASE_URL's server).
 * `nodeArgs`: e.g. ['--cpu-prof', '--cpu-prof-dir=…'].
 */
export async function startChild(dir: string, project: 'fixture' | 'product', nodeArgs: string[] = []): Promise<ChildPlatform> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-platform-'));
  const database = await createTestDatabase('bench');
  const jwtSecret = `bench-secret-${crypto.randomUUID()}`;
  const supabaseDir = project === 'fixture' ? join(dir, 'tests', 'platform', 'fixture') : join(dir, 'supabase');
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', join(repo, 'tests', 'bench', 'platform-child.ts'), dir, supabaseDir, dataDir, database?.url ?? ''],
    { cwd: dir, env: { ...process.env, SUPABASE_JWT_SECRET: jwtSecret, SUPABASE_LOCAL_CRON: 'off' }, stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout });
    rl.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`platform child exited (${code}) before it was ready`)));
  });
  const info = JSON.parse(line) as { url: string; anonKey: string; serviceRoleKey: string };
  return {
    target: { ...info, jwtSecret, dbKind: database ? 'postgres' : 'pglite' },
    pid: child.pid!,
    databaseUrl: database?.url,
    async stop() {
      child.stdin.end();
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exited;
      clearTimeout(timer);
      await database?.drop().catch(() => undefined);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
