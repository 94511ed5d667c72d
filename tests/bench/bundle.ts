/**
 * First-route JavaScript: the production build's entries (index.html's scripts; the
 * main one holds the home route) plus any lazy chunk of the home route, with everything they
 * import statically, gzip-compressed.
 * Budget: 120 KB (issue 25; it was 150). Builds into a temporary folder (never touches dist/),
 * this checkout and today's (baseline.ts), and prints both.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { baselineDir } from './baseline.ts';
import type { Figure } from './types.ts';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  src?: string;
}
type Manifest = Record<string, ManifestChunk>;

const root = join(import.meta.dirname, '..', '..');

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    if (chunk.file.endsWith('.js')) files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return files;
}

const gz = (dir: string, files: Iterable<string>) => [...files].reduce((sum, f) => sum + gzipSync(readFileSync(join(dir, f)), { level: 9 }).length, 0);

type Sizes = Record<'first' | 'boot' | 'search' | 'detail' | 'all', number>;

async function measure(dir: string): Promise<Sizes> {
  const outDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  try {
    await build({ root: dir, configFile: join(dir, 'vite.config.ts'), logLevel: 'silent', build: { outDir, emptyOutDir: true, manifest: true } });
    const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
    const route = (src: string) => Object.keys(manifest).find((k) => k.endsWith(src));
    // index.html has two entries: src/boot.ts (starts the route's request) and src/main.tsx.
    const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
    const home = route('src/features/listings/home/HomePage.tsx');
    const search = route('src/features/search/SearchPage.tsx');
    const detail = route('src/features/listings/detail/ListingDetailPage.tsx');
    const first = closure(manifest, [...entries, ...(home ? [home] : [])]);
    const boot = entries.find((k) => k.endsWith('src/boot.ts'));
    const all = Object.values(manifest).filter((c) => c.file.endsWith('.js')).map((c) => c.file);
    const extra = (key?: string) => (key ? gz(outDir, [...closure(manifest, [key])].filter((f) => !first.has(f))) : 0);
    const kb = (n: number) => Math.round((n / 1024) * 10) / 10;
    return {
      first: kb(gz(outDir, first)),
      boot: kb(gz(outDir, closure(manifest, boot ? [boot] : []))),
      search: kb(extra(search)),
      detail: kb(extra(detail)),
      all: kb(gz(outDir, new Set(all))),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

export async function benchBundle(): Promise<Figure[]> {
  const today = await measure(baselineDir());
  const now = await measure(root);
  const figure = (key: keyof Sizes, name: string, budget?: Figure['budget']): Figure => ({ name, value: now[key], baseline: today[key], unit: 'KB', budget });
  return [
    figure('first', 'first-route JS, gzip (entry + home route)', { max: 120 }),
    figure('boot', 'boot entry (starts the first request), gzip'),
    figure('search', '/search route on top of first route, gzip'),
    figure('detail', '/listing/:id route on top of first route, gzip'),
    figure('all', 'all JS chunks, gzip'),
  ];
}

if (process.argv[1]?.endsWith('bundle.ts')) {
  benchBundle().then((f) => console.table(f), (e) => { console.error(e); process.exit(1); });
}
