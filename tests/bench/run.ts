/**
 * `npm run bench`: the figures the issues set budgets for, on PGlite and, when DATABASE_URL
 * is set, on PostgreSQL too. Each area's bench lives beside this file and returns figures.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestPlatform } from '../support/platform.ts';
import { benchStartup } from './startup.ts';
import type { BenchTarget, Figure } from './types.ts';

type PlatformBench = (target: BenchTarget) => Promise<Figure[]>;
type StandaloneBench = () => Promise<Figure[]>;

const here = import.meta.dirname;
const figures: Figure[] = [];
const failures: string[] = [];

async function optional<T>(file: string, name: string): Promise<T | undefined> {
  const path = join(here, file);
  if (!existsSync(path)) return undefined;
  return ((await import(path)) as Record<string, T>)[name];
}

/** `npm run bench -- rest realtime` measures only the areas whose label names one of those words. */
const only = process.argv.slice(2);
const wanted = (label: string) => !only.length || only.some((word) => label.toLowerCase().includes(word.toLowerCase()));

async function measure(label: string, fn: () => Promise<Figure[]>, suffix = '') {
  if (!wanted(label)) return;
  process.stdout.write(`… ${label}\n`);
  try {
    figures.push(...(await fn()).map((f) => ({ ...f, name: f.name + suffix })));
  } catch (err) {
    failures.push(`${label}: ${(err as Error).message}`);
  }
}

const databases: (string | undefined)[] = [undefined];
if (process.env.DATABASE_URL) databases.push(process.env.DATABASE_URL);

const benchRest = await optional<PlatformBench>('rest.ts', 'benchRest');
const benchRealtime = await optional<PlatformBench>('realtime.ts', 'benchRealtime');
const benchLoad = await optional<PlatformBench>('load.ts', 'benchLoad');
const benchPhotos = await optional<PlatformBench>('photos.ts', 'benchPhotos');
// Issue 40: the screening function on a 2,000-character description (its own platform, a few seconds).
const benchScreening = await optional<StandaloneBench>('screening.ts', 'benchScreening');
// Issue 28: today's platform (the baseline checkout, BENCH_BASELINE_DIR) beside this one, each in a child process.
const benchRestVsSql = await optional<StandaloneBench>('rest.ts', 'benchRestVsSql');
const benchLoadSideBySide = await optional<StandaloneBench>('load.ts', 'benchLoadSideBySide');
const benchRealtimeAtScale = await optional<StandaloneBench>('realtime.ts', 'benchRealtimeAtScale');

for (const databaseUrl of databases) {
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = databaseUrl ?? '';
  const kind = databaseUrl ? 'PostgreSQL' : 'PGlite';
  await measure(`startup on ${kind}`, benchStartup);
  if (benchScreening) await measure(`screening on ${kind}`, benchScreening);
  if (wanted(`REST on ${kind}`) || wanted(`realtime on ${kind}`)) {
    const fixture = await startTestPlatform({ supabaseDir: join(here, '..', 'platform', 'fixture'), cron: false });
    const target: BenchTarget = fixture.info;
    if (benchRest) await measure(`REST on ${kind}`, () => benchRest(target), ` (${kind})`);
    if (benchRealtime) await measure(`realtime on ${kind}`, () => benchRealtime(target), ` (${kind})`);
    await fixture.stop();
  }
  if (benchRestVsSql) await measure(`REST vs SQL, today and new, on ${kind}`, benchRestVsSql, ` (${kind})`);
  // The side-by-side load's [new] is this platform's load figure.
  if (benchLoadSideBySide) await measure(`load today and new on ${kind}`, benchLoadSideBySide, ` (${kind})`);
  if (benchRealtimeAtScale && databaseUrl) await measure(`realtime at scale, today and new, on ${kind}`, benchRealtimeAtScale, ` (${kind})`);
  const inProcessLoad = benchLoad && !benchLoadSideBySide;
  if ((inProcessLoad && wanted(`load on ${kind}`)) || (benchPhotos && wanted(`photos on ${kind}`))) {
    const product = await startTestPlatform({ cron: false });
    if (inProcessLoad && wanted(`load on ${kind}`)) await measure(`load on ${kind}`, () => benchLoad(product.info), ` (${kind})`);
    if (benchPhotos) await measure(`photos on ${kind}`, () => benchPhotos(product.info), ` (${kind})`);
    await product.stop();
  }
  // Unset stays unset: process.env would keep the word 'undefined' (and a later bench would take it for a server).
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
}

for (const [file, name] of [
  ['bundle.ts', 'benchBundle'],
  ['lighthouse.ts', 'benchLighthouse'],
  // Issue 44: the first screen's photo bytes at 360 px DPR 2, beside today's transformations.
  ['images.ts', 'benchImages'],
  ['search.ts', 'benchSearch'],
  ['phash.ts', 'benchPhash'],
  ['stats.ts', 'benchStats'],
  // Issue 41: the upload's CPU under Deno and REST during uploads, today's upload path beside this one.
  ['uploads.ts', 'benchUploads'],
] as const) {
  const fn = await optional<StandaloneBench>(file, name);
  if (fn) await measure(file.replace('.ts', ''), fn);
}

const width = Math.max(...figures.map((f) => f.name.length), 10);
const fmt = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(v < 10 ? 2 : v < 1000 ? 1 : 0));
console.log('\nFigure'.padEnd(width + 1), 'today'.padStart(10), 'value'.padStart(12), ' unit  budget');
let over = 0;
for (const f of figures) {
  const b = f.budget;
  const ok = !b || ((b.max === undefined || f.value <= b.max) && (b.min === undefined || f.value >= b.min));
  if (!ok) over += 1;
  const budget = b ? `${b.max !== undefined ? `<= ${b.max}` : `>= ${b.min}`} ${ok ? 'ok' : 'OVER'}` : '';
  console.log(f.name.padEnd(width), (f.baseline === undefined ? '' : fmt(f.baseline)).padStart(10), fmt(f.value).padStart(12), ` ${f.unit.padEnd(5)} ${budget}`);
}
if (over) console.log(`\n${over} figure(s) over budget`);
for (const f of failures) console.log(`! ${f}`);
process.exit(failures.length ? 1 : 0);
