/**
 * Today's platform beside the new one (issue 28): a platform started from a checkout (this
 * repository, or the baseline commit's at BENCH_BASELINE_DIR, else a worktree made once under
 * .scratch/baseline) in a child process over a fresh database, so both run the same bench in
 * one run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createTestDatabase } from '../support/platform.ts';
import type { BenchTarget } from './types.ts';

const repo = join(import.meta.dirname, '..', '..');
/** main at the start of issue 28's session. */
export const BASELINE_COMMIT = 'bcd94ef';

/** The baseline checkout, made with its node_modules on first use when BENCH_BASELINE_DIR is unset. */
export function baselineDir(): string {
  const given = process.env.BENCH_BASELINE_DIR;
  if (given) return given;
  const dir = join(repo, '.scratch', 'baseline');
  if (!existsSync(join(dir, 'node_modules'))) {
    if (!existsSync(dir)) execFileSync('git', ['worktree', 'add', '--detach', dir, BASELINE_COMMIT], { cwd: repo, stdio: 'inherit' });
    execFileSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  }
  return dir;
}

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
