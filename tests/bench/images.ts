/**
 * Photo bytes (issue 44): what the first screen's listing photos weigh on a 360 px phone at
 * DPR 2, on the home page and the listing page (the home's first listing), for this build
 * (the renditions made at upload) beside today's (HEAD: Storage's image transformations).
 * Goal: half of today's. Also beside the stored crop, which today's build shows without
 * transformations (a plan without them, or their quota spent).
 *
 * Today's is computed, not browsed: HEAD's build would ask, for the same photos, the
 * transformation its srcset picks (widths 400-1440 at quality 75, `sizes` 100vw on a phone for
 * the card and the gallery alike, so 800 px at DPR 2) and get WebP for a browser that accepts
 * it; the same platform still answers /render/image/ as Supabase would, so those are fetched
 * from it with Chromium's Accept header. Building and seeding a second product for HEAD would
 * give the same addresses and bytes, minutes later.
 */
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROME, startProduct } from './lighthouse.ts';
import type { Figure } from './types.ts';

const root = join(import.meta.dirname, '..', '..');
const VIEWPORT = { width: 360, height: 780 };
const DPR = 2;
/** HEAD's photoSources: its widths and quality, and its sizes on a phone (100vw). */
const TODAY = { widths: [400, 600, 800, 1080, 1440], quality: 75, drawn: VIEWPORT.width };
const ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';
const RENDITION = /^(.*\/listing_photos\/.+)-\d+\.(?:avif|webp|jpg)$/;

interface Photo {
  url: string;
  renditions?: string | null;
}

/** The photos drawn in the first screen once they have loaded: the addresses shown. */
async function firstScreen(page: Page): Promise<string[]> {
  const shown = await page.waitForFunction(() => {
    // On the screen: its middle is (the gallery's next slide, clipped off its right edge, is not).
    const imgs = [...document.querySelectorAll<HTMLImageElement>('#root img')].filter((i) => {
      const r = i.getBoundingClientRect();
      const [x, y] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2];
      return x > 0 && x < innerWidth && y > 0 && y < innerHeight && !!i.currentSrc;
    });
    return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0) && imgs.map((i) => i.currentSrc);
  });
  return (await shown.jsonValue()) as string[];
}

/**
 * The bytes today's build gets for the photo drawn from `shown` (a rendition's or a crop's
 * address): the transformation, and the stored crop it shows without them.
 */
async function todaysBytes(api: string, shown: string, photos: Photo[]): Promise<{ transformed: number; crop: number }> {
  const prefix = RENDITION.exec(shown)?.[1];
  const crop = prefix ? photos.find((p) => p.renditions && prefix.endsWith(`/${p.renditions}`))?.url : shown;
  if (!crop) throw new Error(`no crop known for ${shown}`);
  const width = TODAY.widths.find((w) => w >= TODAY.drawn * DPR) ?? TODAY.widths.at(-1)!;
  const render = `${crop.replace('/storage/v1/object/public/', '/storage/v1/render/image/public/')}?width=${width}&quality=${TODAY.quality}`;
  const size = async (url: string) => {
    const res = await fetch(url.replace(/^https?:\/\/[^/]+/, api), { headers: { accept: ACCEPT } });
    if (!res.ok) throw new Error(`${url}: ${res.status}`);
    return (await res.arrayBuffer()).byteLength;
  };
  return { transformed: await size(render), crop: await size(crop) };
}

export async function benchImages(): Promise<Figure[]> {
  const product = await startProduct(root);
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
  try {
    const rpc = async (fn: string, body: unknown) =>
      (await fetch(`${product.api}/rest/v1/rpc/${fn}`, {
        method: 'POST',
        headers: { apikey: product.anon, authorization: `Bearer ${product.anon}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json())) as unknown;
    const rows = (await rpc('search_listings', { p_limit: 20 })) as { id: string; photos: Photo[] }[];
    const first = rows[0]!;
    const detail = (await rpc('listing_detail', { p_id: first.id })) as { listing: { photos: Photo[] } };
    const figures: Figure[] = [];
    for (const [name, path, photos] of [
      ['home', '/', rows.flatMap((r) => r.photos)],
      ['listing', `/listing/${first.id}`, detail.listing.photos],
    ] as const) {
      const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: DPR, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
      await context.addInitScript(() => localStorage.setItem('incontri.ageConfirmed', '1'));
      const page = await context.newPage();
      const bytes = new Map<string, Promise<number>>();
      page.on('response', (r) => {
        if (r.request().resourceType() === 'image') bytes.set(r.url(), r.body().then((b) => b.length, () => 0));
      });
      await page.goto(`${product.base}${path}`);
      const shown = await firstScreen(page);
      const now = (await Promise.all(shown.map((u) => bytes.get(u) ?? Promise.resolve(0)))).reduce((a, b) => a + b, 0);
      const today = await Promise.all(shown.map((u) => todaysBytes(product.api, u, photos)));
      await context.close();
      const kb = (n: number) => Math.round(n / 102.4) / 10;
      const sum = (key: 'transformed' | 'crop') => today.reduce((a, t) => a + t[key], 0);
      figures.push({
        name: `first screen's photos at 360 px DPR 2 (${shown.length}): ${name}`,
        value: kb(now),
        baseline: kb(sum('transformed')),
        unit: 'KB',
        budget: { max: kb(sum('transformed') / 2) },
      });
      // What today's build shows on a plan without transformations, or once their quota is spent.
      figures.push({ name: `  today without transformations (the stored crop): ${name}`, value: kb(now), baseline: kb(sum('crop')), unit: 'KB' });
    }
    return figures;
  } finally {
    await browser.close();
    await product.stop();
  }
}

if (process.argv[1]?.endsWith('images.ts')) {
  benchImages().then((f) => console.table(f), (e) => { console.error(e); process.exit(1); });
}
