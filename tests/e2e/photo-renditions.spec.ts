/**
 * Listing photos at scale (issue 44), on a 360 px phone: the card and the gallery draw the
 * renditions made at upload (AVIF where the row has them), the width the drawn size needs and never Storage's
 * transformations; the placeholder is painted before the photo; offline, a listing opened
 * online shows its photos and its placeholders.
 */
import { expect, test, type Page } from '@playwright/test';
import { RENDITION_WIDTHS } from '../../supabase/functions/_shared/image/renditions.ts';
import { adultDevice, imagesLoaded, shot, swControlled } from '../support/e2e/page.ts';
import { searchAll } from '../support/e2e/platform.ts';

const CARD_PHOTO = '[data-testid="listing-card"] [data-testid="card-photos"] > div:first-child img';
const GALLERY_PHOTO = '[data-testid="gallery"] img';
/** A rendition's address: AVIF where the row has them (the seed's do, 0514), WebP for the 1080 px one. */
const RENDITION = /-(\d+)\.(?:avif|webp)$/;

/** The home page's first listing; the seed's photos have renditions and placeholders, as an upload makes them. */
let first: string;
test.beforeAll(async () => {
  const [row] = await searchAll();
  first = row!.id;
  expect(row!.photos.length).toBeGreaterThan(0);
  expect(row!.photos.every((p) => p.renditions && p.placeholder)).toBe(true);
});

test.beforeEach(async ({ context }) => adultDevice(context));

/** Every listing photo address the page asks for, to check none is a transformation. */
function photoRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/storage/v1/')) urls.push(r.url());
  });
  return urls;
}

/** The width of the rendition an <img> shows, its drawn width and the screen's density. */
async function chosen(page: Page, selector: string) {
  await imagesLoaded(page, selector, { first: true });
  const img = await page.locator(selector).first().evaluate((el: HTMLImageElement) => ({ src: el.currentSrc, drawn: el.getBoundingClientRect().width, dpr: devicePixelRatio }));
  const width = Number(RENDITION.exec(img.src)?.[1]);
  // The browser takes the smallest candidate at least as dense as the screen: sizes' width x DPR.
  const wanted = RENDITION_WIDTHS.find((w) => w >= img.drawn * img.dpr) ?? RENDITION_WIDTHS.at(-1)!;
  return { ...img, width, wanted };
}

for (const dpr of [1, 2]) {
  test.describe(`at 360 px, DPR ${dpr}`, () => {
    test.use({ deviceScaleFactor: dpr, viewport: { width: 360, height: 780 } });

    test('the home card and the gallery draw the rendition their drawn width needs, never a transformation', async ({ page }) => {
      const requests = photoRequests(page);
      await page.goto('/');
      const card = await chosen(page, CARD_PHOTO);
      // At DPR 1-2 a phone draws a width the AVIF files cover: AVIF, half the WebP's bytes (0514).
      expect(card.src, 'the card shows an AVIF rendition').toMatch(/\.avif$/);
      expect(card.width, `card drawn ${card.drawn} px at DPR ${card.dpr}`).toBe(card.wanted);
      if (dpr === 1) expect(card.width).toBe(360);
      else expect([540, 720]).toContain(card.width);

      await page.goto(`/listing/${first}`);
      const gallery = await chosen(page, GALLERY_PHOTO);
      expect(gallery.src, 'the gallery shows an AVIF rendition').toMatch(/\.avif$/);
      expect(gallery.width, `gallery drawn ${gallery.drawn} px at DPR ${gallery.dpr}`).toBe(gallery.wanted);
      expect(requests.some((u) => RENDITION.test(u))).toBe(true);
      expect(requests.filter((u) => u.includes('/render/image/'))).toEqual([]);
    });
  });
}

test.describe('the placeholder', () => {
  test.use({ deviceScaleFactor: 1, viewport: { width: 360, height: 780 } });

  for (const name of ['card', 'gallery'] as const) {
    // A page of its own each: the browser keeps a photo once it has it.
    test(`is painted in the ${name}'s frame before the photo arrives, then the photo`, async ({ page }) => {
      const [path, selector] = name === 'card' ? ['/', CARD_PHOTO] : [`/listing/${first}`, GALLERY_PHOTO];
      // The renditions are held back until the frame has been looked at.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(RENDITION, async (route) => {
        await held;
        await route.continue();
      });
      // The page's load event waits for its images: only until the document is read.
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const img = page.locator(selector).first();
      await expect(img).toBeVisible();
      const before = await img.evaluate((el: HTMLImageElement) => ({ background: getComputedStyle(el).backgroundImage, loaded: el.complete && el.naturalWidth > 0 }));
      expect(before.loaded, 'the photo is still on its way').toBe(false);
      expect(before.background, 'the frame paints the ThumbHash').toMatch(/^url\("data:image\/png;base64,/);
      await shot(page, `photo-renditions-placeholder-${name}-360`);
      release();
      await imagesLoaded(page, selector, { first: true });
      // Loaded: the frame no longer paints behind the photo.
      await expect(img).toHaveCSS('background-image', 'none');
      await shot(page, `photo-renditions-photo-${name}-360`);
    });
  }
});

test.describe('offline', () => {
  test.use({ deviceScaleFactor: 2, viewport: { width: 360, height: 780 } });

  test('a listing opened online shows its photos and placeholders offline', async ({ page, context }) => {
    await page.goto('/');
    await swControlled(page);
    await page.goto(`/listing/${first}`);
    const photos = await imagesLoaded(page, GALLERY_PHOTO);
    // Kept as real answers, not opaque ones: a 404 (a photo still held for review) is never kept.
    const kept = await page.evaluate(async () => {
      const cache = await caches.open('listing-photos-v1');
      return Promise.all((await cache.keys()).map(async (k) => (await cache.match(k))!.status));
    });
    expect(kept.length).toBeGreaterThanOrEqual(photos);
    expect(kept.every((status) => status === 200)).toBe(true);
    // The files are the service worker's to give back, not the browser's HTTP cache's (a year's too).
    await (await context.newCDPSession(page)).send('Network.clearBrowserCache');
    await context.setOffline(true);
    try {
      await page.reload();
      expect(await imagesLoaded(page, GALLERY_PHOTO)).toBe(photos);
      const gallery = page.locator(GALLERY_PHOTO);
      expect(await gallery.evaluateAll((imgs: HTMLImageElement[]) => imgs.every((i) => RegExp(String.raw`-\d+\.(?:avif|webp)$`).test(i.currentSrc) && i.naturalWidth > 0))).toBe(true);
      // The placeholder is part of the listing's data, which the offline copy keeps.
      expect(await gallery.evaluateAll((imgs: HTMLElement[]) => imgs.every((i) => i.style.getPropertyValue('--placeholder').startsWith('url(data:image/png')))).toBe(true);
    } finally {
      await context.setOffline(false);
    }
  });
});
