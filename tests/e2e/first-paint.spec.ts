/**
 * The prerendered first paint (issue 25): what a phone shows before any script has run (the
 * shell in index.html, src/app/shell) and the page React renders once its data is in land on
 * the same boxes: header, title, search bar, the first card and its photo. Screenshots of both
 * at 360 px go to tests/e2e/screenshots (first-paint-<page>-shell / -app).
 */
import { expect, test, type Page } from '@playwright/test';
import { PUBLIC_ORDER } from '../support/seed-search.ts';
import { adultDevice, shot } from '../support/e2e/page.ts';

type Box = { x: number; y: number; width: number; height: number };
type Part = 'header' | 'title' | 'search' | 'card' | 'photo';

/** Where each part is in the shell and in the app. A card's text varies: its frame's top, left and width count, and its photo's box. */
const SHELL: Record<Part, string> = {
  header: '.sh-header',
  title: '.sh-main > section:visible h1',
  search: '#sh-q',
  card: '.sh-main > section:visible .sh-card',
  photo: '.sh-main > section:visible :is(.sh-photo, .sh-gallery)',
};
const APP: Record<Part, string> = {
  header: 'header >> nth=0',
  title: 'main h1',
  search: 'main input[type=search]',
  card: '[data-testid=listing-grid] > :first-child',
  photo: 'main :is([data-testid=listing-grid] > :first-child img, [data-testid=gallery] img) >> nth=0',
};

async function boxes(page: Page, selectors: Record<Part, string>, parts: Part[]) {
  const found: Partial<Record<Part, Box>> = {};
  for (const part of parts) {
    const box = await page.locator(selectors[part]).first().boundingBox();
    expect(box, `${part} (${selectors[part]})`).not.toBeNull();
    found[part] = box!;
  }
  return found;
}

const listing = PUBLIC_ORDER[0]!;
const pages: { name: string; path: string; parts: Part[] }[] = [
  { name: 'home', path: '/', parts: ['header', 'title', 'card', 'photo'] },
  { name: 'search', path: '/search', parts: ['header', 'title', 'search', 'card', 'photo'] },
  { name: 'search-city', path: '/search?city=Milano', parts: ['header', 'title', 'search', 'card', 'photo'] },
  { name: 'listing', path: `/listing/${listing.id}`, parts: ['header', 'photo'] },
  { name: 'preferiti', path: '/preferiti', parts: ['header', 'title'] },
];

for (const { name, path, parts } of pages) {
  test(`${name}: the prerendered first paint and the app's page have the same boxes`, async ({ browser }) => {
    // Before any script: the page's own scripts never arrive (its inline ones run, as a phone's do).
    const shellContext = await browser.newContext({ viewport: { width: 360, height: 780 }, deviceScaleFactor: 1 });
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
      const keys: (keyof Box)[] = part === 'card' ? ['x', 'y', 'width'] : ['x', 'y', 'width', 'height'];
      for (const key of keys) expect(Math.abs(a[key] - b[key]), `${name} ${part} ${key}: shell ${a[key]}, app ${b[key]}`).toBeLessThanOrEqual(2);
    }
  });
}
