/** Browsing as a visitor: the home page's order, moving between pages and back, each page's title. */
import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { PUBLIC_ORDER, SEED_IDS, isPromoted } from '../support/seed-search.ts';
import { adultDevice, cardIds } from '../support/e2e/page.ts';
import { searchAll } from '../support/e2e/platform.ts';

// Expectations come from the seed data (tests/support/seed-search.ts), never from the API the
// page calls. Earlier specs may have added listings: cards are compared on the seed's ids.
const ids = (ls: { id: string }[]) => ls.map((l) => l.id);

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test.beforeEach(async ({ context }) => adultDevice(context));

test('home lists the promoted listings first, then the newest', async ({ page }) => {
  const hot = PUBLIC_ORDER.filter(isPromoted);
  expect(hot.length).toBeGreaterThan(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: t.listings.home.hot })).toBeVisible();
  const cards = page.getByTestId('listing-card');
  await expect(cards).toHaveCount(20);
  // The seed's listings shown are the head of the public order: no paused or expired one.
  const shown = await cardIds(page);
  const seedShown = shown.filter((id) => SEED_IDS.has(id));
  expect(seedShown.length).toBeGreaterThan(hot.length);
  expect(seedShown).toEqual(ids(PUBLIC_ORDER).slice(0, seedShown.length));
  // The Hot ones carry the badge, the first one after them does not.
  for (const l of hot) await expect(cards.nth(shown.indexOf(l.id)).getByTestId('badge-hot')).toBeVisible();
  await expect(cards.nth(shown.indexOf(PUBLIC_ORDER[hot.length]!.id)).getByTestId('badge-hot')).toHaveCount(0);
  // Listing card content: category, date badge, city, age, attribute labels.
  const top = PUBLIC_ORDER[0]!;
  const first = cards.nth(shown.indexOf(top.id));
  await expect(first.locator('h2')).toHaveText(top.title);
  await expect(first.getByText(/Scade il:/)).toBeVisible();
  await expect(first.getByText(new RegExp(`^${top.city}.* · ${top.age} anni$`))).toBeVisible();
  await expect(first.getByText(t.listings.card.watermark)).toBeAttached();
});

test('a new page opens at the top; Back returns to the same place in the list', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByTestId('listing-card');
  await expect(cards.nth(8)).toBeVisible();
  await cards.nth(8).scrollIntoViewIfNeeded();
  const title = (await cards.nth(8).locator('h2').textContent())!;
  // Where the visitor taps from: once the cards scrolled into view have rendered (off-screen
  // cards are laid out at an estimated height, and the browser keeps the view anchored).
  let before = -1;
  await expect
    .poll(async () => {
      const y = await scrollY(page);
      const settled = y === before;
      before = y;
      return settled;
    }, { intervals: [300] })
    .toBe(true);
  expect(before).toBeGreaterThan(1000);
  await cards.nth(8).locator('a').first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeInViewport();
  await expect.poll(async () => Math.abs((await scrollY(page)) - before)).toBeLessThan(40);

  // The footer's links open their page at its top too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: t.frame.footer.terms }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('each screen has its own Italian title; a listing names its title and city', async ({ page }) => {
  const [first] = await searchAll();
  const titles = new Map<string, string>();
  for (const path of ['/', '/search', `/listing/${first!.id}`, '/termini', '/privacy', '/auth', '/pagina-che-non-esiste']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect.poll(() => page.title()).not.toBe('Incontri Italia');
    titles.set(path, await page.title());
  }
  expect(new Set(titles.values()).size).toBe(titles.size);
  const detail = titles.get(`/listing/${first!.id}`)!;
  expect(detail).toContain(first!.title);
  expect(detail).toContain(first!.city);
});
