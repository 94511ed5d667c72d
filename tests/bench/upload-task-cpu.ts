/**
 * Run by Deno (uploads.ts taskCpuUnderDeno): the CPU time of listing-photo's off-thread task
 * (hash-task.ts uploadWork: the crop's hashes and its renditions, issue 44), or with `avif`
 * photo-avif's (checkAvifRenditions: the crop decoded and resized, the browser's AVIF files
 * parsed, decoded and compared), for the crop file named last on the command line, as
 * Supabase's runtime spends it. Prints JSON: the first call's
 * CPU (an isolate's first upload also compiles the codecs' WebAssembly) and the median of the
 * next ones, in ms. Node's APIs, which Deno has, so the repository's type-check takes it too.
 */
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { uploadWork } from '../../supabase/functions/listing-photo/hash-task.ts';
import { checkAvifRenditions, makeAvifRenditions } from '../../supabase/functions/_shared/image/make-renditions.ts';
import { AVIF_WIDTHS } from '../../supabase/functions/_shared/image/renditions.ts';

const RUNS = 5;
const crop = new Uint8Array(readFileSync(process.argv.at(-1)!));
// What the browser would send (made before the clock starts; the encoder is the browser's work, not the function's).
const avif = process.argv.includes('avif') ? (await makeAvifRenditions(crop)).map((f, i) => ({ width: AVIF_WIDTHS[i]!, bytes: f.bytes })) : null;

async function cpuMs(): Promise<number> {
  const before = process.cpuUsage();
  const work = avif ? await checkAvifRenditions(crop, avif) : await uploadWork(crop, null);
  if (work === 'broken' || (Array.isArray(work) && work.some((v) => v.refused))) throw new Error('the crop does not decode, or its AVIF files are refused');
  const spent = process.cpuUsage(before);
  return (spent.user + spent.system) / 1000;
}

const first = await cpuMs();
const next: number[] = [];
for (let i = 0; i < RUNS; i++) next.push(await cpuMs());
next.sort((a, b) => a - b);
console.log(JSON.stringify({ first, median: next[Math.floor(RUNS / 2)], runs: RUNS }));
