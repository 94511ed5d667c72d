/**
 * The prerendered first paint (issue 25): what a phone shows before any script has run (the
 * shell in index.html, src/app/shell) and the page React renders once its data is in land on
 * the same boxes: header, title, search bar, the first card and its photo. Screenshots of both
 * at 360 px go to tests/e2e/screenshots (first-paint-<page>-shell / -app).
 */
import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { PUBLIC_ORDER } from '../support/seed-search.ts';
import { adultDevice, shot } from '../support/e2e/page.ts';

type Box = { x: number; y: number; width: number; height: number };
type Part = 'header' | 'title' | 'subtitle' | 'search' | 'filters' | 'card' | 'photo';

/**
 * Where each part is in the shell and in the app. A card's text varies: its frame's top, left and width count, and its photo's box.
 * The subtitle is its first line: a paragraph that wraps otherwise has the same box but not the same lines.
 */
const SHELL: Record<Part, string> = {
  header: '.sh-header',
  title: '.sh-main > section:visible h1',
  subtitle: '.sh-main > section:visible .sh-intro .sh-dimmed',
  search: '#sh-q',
  filters: '.sh-main > section:visible .sh-tools-row .sh-button',
  card: '.sh-main > section:visible .sh-card',
  photo: '.sh-main > section:visible :is(.sh-photo, .sh-gallery)',
};
const APP: Record<Part, string> = {
  header: 'header >> nth=0',
  title: 'main h1',
  subtitle: 'main h1 + p',
  search: 'main input[type=search]',
  filters: 'main [aria-controls=search-filters]',
  card: '[data-testid=listing-grid] > :first-child',
  photo: 'main :is([data-testid=listing-grid] > :first-child img, [data-testid=gallery] img) >> nth=0',
};

async function boxes(page: Page, selectors: Record<Part, string>, parts: Part[]) {
  const found: Partial<Record<Part, Box>> = {};
  for (const part of parts) {
    const target = page.locator(selectors[part]).first();
    const box = part === 'subtitle' ? await target.evaluate(firstLine) : await target.boundingBox();
    expect(box, `${part} (${selectors[part]})`).not.toBeNull();
    found[part] = box!;
  }
  return found;
}

/** The box of an element's first line of text. */
function firstLine(el: Element): Box | null {
  const range = document.createRange();
  range.selectNodeContents(el);
  const r = range.getClientRects()[0];
  return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
}

/** The shell's box and the app's land within 2 px of each other. */
function expectSameBox(what: string, shell: Box, app: Box, keys: (keyof Box)[] = ['x', 'y', 'width', 'height']) {
  for (const key of keys) expect(Math.abs(shell[key] - app[key]), `${what} ${key}: shell ${shell[key]}, app ${app[key]}`).toBeLessThanOrEqual(2);
}

const listing = PUBLIC_ORDER[0]!;
const pages: { name: string; path: string; parts: Part[] }[] = [
  { name: 'home', path: '/', parts: ['header', 'title', 'subtitle', 'card', 'photo'] },
  { name: 'search', path: '/search', parts: ['header', 'title', 'search', 'filters', 'card', 'photo'] },
  { name: 'search-city', path: '/search?city=Milano', parts: ['header', 'title', 'search', 'filters', 'card', 'photo'] },
  { name: 'listing', path: `/listing/${listing.id}`, parts: ['header', 'photo'] },
  { name: 'preferiti', path: '/preferiti', parts: ['header', 'title'] },
];

for (const { name, path, parts } of pages) {
  test(`${name}: the prerendered first paint and the app's page have the same boxes`, async ({ browser }) => {
    // Before any script: the page's own scripts never arrive (its inline ones run, as a phone's do).
    const shellContext = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
    // A visitor who has answered the 18+ question, as in the app's context: the two screenshots compare.
    await adultDevice(shellContext);
    await shellContext.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const before = await shellContext.newPage();
    await before.goto(path);
    await expect(before.locator('.sh-header')).toBeVisible();
    const shell = await boxes(before, SHELL, parts);
    await shot(before, `first-paint-${name}-shell`);
    await shellContext.close();

    const appContext = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
    await adultDevice(appContext);
    const page = await appContext.newPage();
    await page.goto(path);
    await expect(page.locator('.sh-header')).toHaveCount(0);
    if (parts.includes('photo')) await expect(page.locator(APP.photo)).toHaveJSProperty('complete', true);
    const app = await boxes(page, APP, parts);
    await shot(page, `first-paint-${name}-app`);
    await appContext.close();

    for (const part of parts) {
      const [a, b] = [shell[part]!, app[part]!];
      // A filtered search's 'Filtri (1)' is wider than the shell's 'Filtri', which serves every /search address.
      const counted = part === 'filters' && path.includes('?');
      const keys: (keyof Box)[] = part === 'card' ? ['x', 'y', 'width'] : counted ? ['x', 'y', 'height'] : ['x', 'y', 'width', 'height'];
      expectSameBox(`${name} ${part}`, a, b, keys);
    }
  });
}

test("a new visitor's first paint is the 18+ gate, on the app's box, and an answer given there holds", async ({ browser }) => {
  const gate = { title: t.frame.ageGate.title, confirm: t.frame.ageGate.confirm };
  const shellContext = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
  await shellContext.route(/\/assets\/.*\.js$/, (route) => route.abort());
  const before = await shellContext.newPage();
  await before.goto('/');
  const shellGate = before.getByRole('dialog', { name: gate.title });
  await expect(shellGate).toBeVisible();
  const shellBox = (await shellGate.boundingBox())!;
  await shot(before, 'first-paint-age-gate-shell');

  const appContext = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
  const page = await appContext.newPage();
  await page.goto('/');
  await expect(page.locator('.sh-header')).toHaveCount(0);
  const appGate = page.getByRole('dialog', { name: gate.title });
  await expect(appGate.getByRole('button', { name: gate.confirm })).toBeFocused();
  const appBox = (await appGate.boundingBox())!;
  await shot(page, 'first-paint-age-gate-app');
  // The question is painted once: the page's largest paint stays the prerendered one, which
  // stays on screen until AgeGate's dialog covers it (replaced at once, React's would count again).
  await expect(page.locator('[data-shell-gate]')).toHaveCount(0);
  const largest = await page.evaluate(
    () =>
      new Promise<string[]>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries().map((e) => (e as LargestContentfulPaint).id))).observe({ type: 'largest-contentful-paint', buffered: true }),
      ),
  );
  expect(largest.at(-1), `largest-contentful-paint entries: ${largest.join(', ')}`).toBe('sh-gate-text');
  expectSameBox('gate', shellBox, appBox);
  // Nothing for adults on screen before the answer: the cards are there, their photos are not.
  const photo = page.locator(APP.photo);
  await expect(page.getByTestId('listing-card').first()).toBeAttached();
  await expect(photo).toBeHidden();
  await appGate.getByRole('button', { name: gate.confirm }).click();
  await expect(photo).toBeVisible();
  await appContext.close();

  // Answered on the prerendered gate, before any script: remembered, and the app does not ask again.
  await shellGate.getByRole('button', { name: gate.confirm }).click();
  await expect(shellGate).toBeHidden();
  expect(await before.evaluate(() => localStorage.getItem('incontri.ageConfirmed'))).toBe('1');
  await shellContext.unroute(/\/assets\/.*\.js$/);
  await before.reload();
  await expect(before.locator('.sh-header')).toHaveCount(0);
  await expect(before.getByTestId('listing-card').first()).toBeVisible();
  await expect(before.getByRole('dialog', { name: gate.title })).toHaveCount(0);
  await shellContext.close();
});

test('the first photo shows in the prerendered card while the app is still loading, on the photo box the app draws', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
  await adultDevice(context);
  // The app's own entry never arrives; the page's boot script (and its chunks) does.
  await context.route(/\/assets\/index-[^/]*\.js$/, (route) => route.abort());
  const before = await context.newPage();
  await before.goto('/');
  const early = before.locator('#root .sh-home .sh-photo img');
  await expect(early).toBeVisible();
  await expect(early).toHaveJSProperty('complete', true);
  expect(await early.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const shellBox = (await early.boundingBox())!;
  await shot(before, 'first-paint-home-shell-photo');
  await context.unroute(/\/assets\/index-[^/]*\.js$/);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.locator('.sh-header')).toHaveCount(0);
  const photo = page.locator(APP.photo);
  await expect(photo).toHaveJSProperty('complete', true);
  // The same photo: the first card's.
  expect(await photo.getAttribute('src')).toBe(await early.getAttribute('src'));
  const appBox = (await photo.boundingBox())!;
  expectSameBox('photo', shellBox, appBox);
  await context.close();
});

const FRAME_MS = 17;

test("the app's code is asked for once the shell has painted; from the service worker, once the shell's first photo has been painted too", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
  await adultDevice(context);
  const page = await context.newPage();
  const first = await page.goto('/');
  expect(await first!.text()).toContain('createContextualFragment');
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  const entryAfter = () =>
    page.evaluate(
      () =>
        new Promise<[number, number, number]>((resolve) => {
          new PerformanceObserver((list) => {
            // The shell's photo has left the page by now: its entry's element reads null.
            const photo = list.getEntries().find((e) => (e as LargestContentfulPaint).url !== '');
            if (!photo) return;
            const entry = performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]*\.js$/.test(r.name));
            resolve([
              performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
              photo.startTime,
              entry?.startTime ?? NaN,
            ]);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve([NaN, NaN, NaN]), 10_000);
        }),
    );
  const [paint, , entry] = await entryAfter();
  expect(entry, `entry requested at ${entry} ms, first contentful paint at ${paint} ms`).toBeGreaterThanOrEqual(paint);

  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const again = await page.reload();
  expect(again!.fromServiceWorker()).toBe(true);
  // app.html: the loader that also waits for boot.ts's first photo in the shell.
  expect(await again!.text()).toContain('shellphoto');
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  const [, photo, entryAgain] = await entryAfter();
  expect(await page.locator('html').getAttribute('data-shell-photo')).toBe('done');
  // The loader goes in the frame that draws the photo; the paint's time is when that frame
  // reached the screen, up to a frame later.
  expect(entryAgain, `entry requested at ${entryAgain} ms, the shell's photo painted at ${photo} ms`).toBeGreaterThanOrEqual(photo - FRAME_MS);
  await context.close();
});
