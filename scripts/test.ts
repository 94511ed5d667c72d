/**
 * `npm test`: every suite, in order of cost. Type checks (and `deno check` of the Edge Functions), ESLint, the generated types' freshness, unit tests, the platform and
 * database suites on PGlite, again on PostgreSQL when DATABASE_URL is set (a fresh database
 * is created per run), then the browser suite in Chromium. Ends by saying whether the
 * PostgreSQL pass ran, then one summary line.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findChromium } from './chromium.ts';

const out = join('.scratch', 'test-results');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const failures: string[] = [];

function run(label: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): boolean {
  console.log(`\n=== ${label} ===`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  if (!ok) failures.push(label);
  return ok;
}

function vitest(label: string, projects: string[], env: NodeJS.ProcessEnv = {}) {
  const file = join(out, `${label.replace(/\W+/g, '-')}.json`);
  const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${file}`];
  run(label, 'npx', args, env);
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    passed += r.numPassedTests;
    failed += r.numFailedTests;
  }
}

const typecheck = [['-p', 'tsconfig.json'], ['-p', 'supabase/local/tsconfig.json'], ['-p', 'src/sw/tsconfig.json']];
for (const args of typecheck) {
  if (run(`typecheck ${args[1]}`, 'npx', ['tsc', ...args, '--noEmit'])) passed += 1;
  else failed += 1;
}

// The Edge Functions type-check on Deno, where Supabase runs them (the pinned `deno` package);
// the platform and db suites then run payment-postback, listing-photo and send-push on Deno too.
if (run('deno check functions', 'npx', ['tsx', 'scripts/deno-check.ts'])) passed += 1;
else failed += 1;

// ESLint: typescript-eslint, react-hooks and the import boundaries (eslint.config.js).
if (run('lint', 'npx', ['eslint', '.'])) passed += 1;
else failed += 1;

// src/lib/database.types.ts must be what `npm run gen:types` writes for today's migrations.
if (run('generated types are current', 'npx', ['tsx', 'scripts/gen-types.ts', '--check'])) passed += 1;
else failed += 1;

vitest('unit', ['unit']);
vitest('platform+db on PGlite', ['platform', 'db'], { DATABASE_URL: '' });
const postgres = Boolean(process.env.DATABASE_URL);
if (postgres) vitest('platform+db on PostgreSQL', ['platform', 'db']);
else console.log('\nDATABASE_URL is not set: the PostgreSQL pass of the platform and db suites is skipped.');

const chromium = findChromium();
if (!chromium) {
  console.error('\nNo Chromium found (/usr/bin/chromium) and it could not be installed: install Debian\'s `chromium` package.');
  failed += 1;
  failures.push('e2e (no Chromium)');
} else {
  const file = join(out, 'e2e.json');
  run('e2e in Chromium', 'npx', ['playwright', 'test', '--reporter=list,json'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: file,
    CHROMIUM_PATH: chromium,
  });
  if (existsSync(file)) {
    const r = JSON.parse(readFileSync(file, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number } };
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
  }
}

if (failures.length) console.log(`\nFailed steps: ${failures.join(', ')}`);
// Said last, next to the totals: PGlite runs one query at a time, so races show only here.
console.log(postgres
  ? '\nPostgreSQL pass: ran'
  : '\nPostgreSQL pass: NOT RUN (DATABASE_URL is not set) — races that only PostgreSQL shows were not tested');
console.log(`${passed} passed, ${failed} failed`);
process.exit(failures.length || failed ? 1 : 0);
