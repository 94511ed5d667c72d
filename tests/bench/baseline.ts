/**
 * Today's code, for the figures printed beside the new ones (issues 25 and 28): the checkout
 * named by BENCH_BASELINE_DIR, else a worktree of the baseline commit made once under
 * .scratch/baseline with its own `npm ci`, so a clean clone measures both on its own.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync } from 'node:fs';
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

/**
 * The tree of `commit` (git archive, no worktree) under .scratch/snapshots, sharing this
 * checkout's node_modules: an area's own "today" when its code changed after BASELINE_COMMIT
 * (issue 41's uploads) and the dependencies did not.
 */
export function snapshotDir(commit: string): string {
  const dir = join(root, '.scratch', 'snapshots', commit);
  if (!existsSync(join(dir, 'package.json'))) {
    console.log(`… extracting ${commit} into ${dir}`);
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C '${dir}'`], { cwd: root, stdio: 'inherit' });
  }
  if (!existsSync(join(dir, 'node_modules'))) symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  return dir;
}
