/**
 * `npm run check:functions` (a step of `npm test`): every Edge Function type-checks on Deno, the
 * runtime Supabase deploys it to. Deno comes from the pinned `deno` devDependency (its binary is
 * the npm package @deno/<platform>). Each deployed folder must carry its own deno.json, a copy
 * of the template supabase/functions/deno.json (`supabase functions deploy` resolves a
 * function's bare imports through its own folder's map); then one `deno check` covers them all.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { denoBinary } from '../supabase/local/src/functions/deno.ts';

const root = join(import.meta.dirname, '..', 'supabase', 'functions');
const template = join(root, 'deno.json');
const read = (file: string) => JSON.stringify(JSON.parse(readFileSync(file, 'utf8')));

const names = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith('_') && existsSync(join(root, d.name, 'index.ts')))
  .map((d) => d.name)
  .sort();

const problems: string[] = [];
for (const name of names) {
  const own = join(root, name, 'deno.json');
  if (!existsSync(own)) problems.push(`${name}/deno.json is missing: copy supabase/functions/deno.json there`);
  else if (read(own) !== read(template)) problems.push(`${name}/deno.json differs from supabase/functions/deno.json: copy the template again`);
}
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}

const started = performance.now();
const r = spawnSync(denoBinary(), ['check', '--quiet', '--no-lock', '--config', template, ...names.map((n) => join(root, n, 'index.ts'))], {
  stdio: 'inherit',
  env: { ...process.env, NO_COLOR: '1' },
});
if (r.status !== 0) {
  console.error(`deno check failed (${r.error?.message ?? `exit ${r.status}`}) for the functions: ${names.join(', ')}`);
  process.exit(1);
}
console.log(`deno check: ${names.length} functions type-check on Deno (${Math.round(performance.now() - started)} ms)`);
