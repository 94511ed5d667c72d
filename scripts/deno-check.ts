/**
 * `npm run check:functions` (a step of `npm test`): every Edge Function type-checks on Deno, the
 * runtime Supabase deploys it to. Deno comes from the pinned `deno` devDependency (its binary is
 * the npm package @deno/<platform>). Each deployed folder must carry its own deno.json, a copy
 * of the template supabase/functions/deno.json (`supabase functions deploy` resolves a
 * function's bare imports through its own folder's map). Each function is then checked as it is
 * deployed: from its folder, through its own deno.json, with Deno's own types only (the
 * repository's package.json and node_modules, with their Node types, are not looked at).
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
const failed = names.filter((name) => {
  const r = spawnSync(denoBinary(), ['check', '--quiet', '--no-lock', '--config', 'deno.json', 'index.ts'], {
    cwd: join(root, name),
    stdio: 'inherit',
    env: { ...process.env, NO_COLOR: '1', DENO_NO_PACKAGE_JSON: '1' },
  });
  return r.status !== 0;
});
if (failed.length) {
  console.error(`deno check failed for the functions: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`deno check: ${names.length} functions type-check on Deno, each from its own folder (${Math.round(performance.now() - started)} ms)`);
