/**
 * Today's code, for the figures printed beside the new ones (issues 25 and 28): the checkout
 * named by BENCH_BASELINE_DIR, else a worktree of the baseline commit made once under
 * .scratch/baseline with its own `npm ci`, so a clean clone measures both on its own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

export const BASELINE_COMMIT = 'bcd94ef';

const root = join(import.meta.dirname, '..', '..');

export function baselineDir(): string {
  const fromEnv = process.env.BENCH_BASELINE_DIR;
  if (fromEnv) {
    if (!existsSync(join(fromEnv, 'package.json'))) throw new Error(`BENCH_BASELINE_DIR=${fromEnv} is not a checkout`);
    return fromEnv;
  }
  const dir = join(root, '.scratch', 'baseline');
  if (!existsSync(join(dir, 'package.json'))) {
    console.log(`… creating the baseline checkout (${BASELINE_COMMIT}) in ${dir}`);
    execFileSync('git', ['worktree', 'add', '--detach', dir, BASELINE_COMMIT], { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync(join(dir, 'node_modules'))) execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
  return dir;
}
