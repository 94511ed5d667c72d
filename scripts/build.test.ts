/**
 * The production build's service worker carries no test hook; the e2e build (E2E_BUILD=1,
 * as playwright.config.ts starts it) does. Real `vite build`s of the app, in child processes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const HOOK = 'OPEN_LATEST_NOTIFICATION';
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function buildWorker(env: Record<string, string>): string {
  const outDir = mkdtempSync(join(tmpdir(), 'portal-build-'));
  dirs.push(outDir);
  // As `npm start` builds: no NODE_ENV (vitest's 'test' would give workbox's development build).
  const { NODE_ENV: _, ...inherited } = process.env;
  const r = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'error'], {
    encoding: 'utf8',
    env: { ...inherited, E2E_BUILD: '', VITE_SUPABASE_URL: 'http://127.0.0.1:1', VITE_SUPABASE_ANON_KEY: 'build-test', ...env },
  });
  expect(r.status, r.stderr).toBe(0);
  return readFileSync(join(outDir, 'sw.js'), 'utf8');
}

describe('service worker build', () => {
  it('a production build leaves the e2e notification hook out', () => {
    const sw = buildWorker({});
    expect(sw.includes('notificationclick'), 'sw.js handles notification clicks').toBe(true);
    expect(sw.includes(HOOK), `sw.js contains ${HOOK}`).toBe(false);
  });

  it('the e2e build keeps it', () => {
    expect(buildWorker({ E2E_BUILD: '1' }).includes(HOOK), `sw.js contains ${HOOK}`).toBe(true);
  });
}, 120_000);
