import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { PUBLIC_ORDER, SEED_IDS, expectedFor, isPromoted, seedListing } from '../support/seed-search.ts';
import { adultVisitor, cardIds } from './visitor-helpers.ts';

// Expectations come from the seed data (tests/support/seed-search.ts), never from the API the
// page calls. Earlier specs may have added listings: cards are compared on the seed's ids.
const ids = (ls: { id: string }[]) => ls.map((l) => l.id);
const seedCardIds = async (page: Page) => (await cardIds(page)).filter((id) => SEED_IDS.has(id));

test.beforeEach(async ({ context }) => adultVisitor(context));

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

test('search with filters returns the matching seeded listings, shareable by URL', async ({ page }) => {
  const expected = ids(expectedFor({ p_city: 'Milano', p_category: 'donne' }));
  expect(expected.length).toBeGreaterThan(0);
  await page.goto('/search');
  await page.getByRole('button', { name: t.search.filtersButton(0) }).click();
  await page.getByRole('combobox', { name: t.search.city }).fill('Milano');
  await page.getByRole('option', { name: 'Milano' }).click();
  await page.getByRole('combobox', { name: t.search.category }).click();
  await page.getByRole('option', { name: 'Donne' }).click();
  await page.getByRole('button', { name: t.search.submit, exact: true }).last().click();
  await expect(page).toHaveURL(/category=donne/);
  await expect(page).toHaveURL(/city=Milano/);
  const cards = page.getByTestId('listing-card');
  await expect(cards.first()).toBeVisible();
  await expect.poll(() => seedCardIds(page)).toEqual(expected);

  // Reloading the shared URL gives the same search; the text query narrows it (Italian stemming).
  await page.reload();
  await expect(cards.first()).toBeVisible();
  await expect.poll(() => seedCardIds(page)).toEqual(expected);
  const stemmed = ids(expectedFor({ query: { text: 'cene', words: /\bcen[ae]\b/ } }));
  await page.goto('/search?q=cene');
  expect(stemmed.length).toBeGreaterThan(20);
  // Pages of 20 (keyset), the next one when the end of the list scrolls into view.
  await expect(cards).toHaveCount(20);
  await page.getByRole('button', { name: t.search.loadMore }).scrollIntoViewIfNeeded();
  await expect.poll(() => seedCardIds(page)).toEqual(stemmed);

  // An array filter (any of) and the age range.
  const hair = ids(expectedFor({ arrays: { hair_color: ['mora', 'bionda'] }, p_age_min: 20, p_age_max: 30 }));
  expect(hair.length).toBeGreaterThan(0);
  expect(hair.length).toBeLessThanOrEqual(20);
  await page.goto('/search?hair_color=bionda,mora&age_min=20&age_max=30');
  await expect(cards.first()).toBeVisible();
  await expect.poll(() => seedCardIds(page)).toEqual(hair);

  await page.goto('/search?city=Atlantide');
  await expect(page.getByText(t.search.empty)).toBeVisible();
});

test('listing detail: a premium listing shows 5 photos, a base one 1', async ({ page }) => {
  const premium = PUBLIC_ORDER.find((l) => isPromoted(l) && l.photoCount === 5);
  const base = PUBLIC_ORDER.find((l) => !isPromoted(l) && l.photoCount >= 1);
  expect(premium, 'a seeded premium listing with 5 photos').toBeTruthy();
  expect(base, 'a seeded base listing with a photo').toBeTruthy();

  await page.goto(`/listing/${premium!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: premium!.title })).toBeVisible();
  const gallery = page.getByTestId('gallery');
  await expect(gallery.locator('img')).toHaveCount(5);
  await expect(page.getByRole('button', { name: t.listings.detail.nextPhoto })).toBeVisible();
  await expect(page.getByTestId('contact-call')).toHaveAttribute('href', /^tel:(\+|00)\d+$/);
  await expect(page.getByTestId('contact-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+/);

  await page.goto(`/listing/${base!.id}`);
  await expect(page.getByRole('heading', { level: 1, name: base!.title })).toBeVisible();
  await expect(page.getByTestId('gallery').locator('img')).toHaveCount(1);
});

test('paused, expired and unknown listings show an Italian notice', async ({ page }) => {
  // Fixed demo listings: a paused one, a paused one with a promotion, an expired one.
  for (const [n, state, notice] of [
    [14, 'paused', t.listings.detail.paused],
    [22, 'paused_premium', t.listings.detail.paused],
    [21, 'expired', t.listings.detail.expired],
  ] as const) {
    const l = seedListing(n);
    expect(l.state).toBe(state);
    await page.goto(`/listing/${l.id}`);
    await expect(page.getByTestId('listing-notice')).toContainText(notice);
    await expect(page.getByRole('heading', { level: 1, name: l.title })).toHaveCount(0);
  }
  await page.goto('/listing/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('listing-notice')).toContainText(t.listings.detail.notFound);
});

test('a signed-in visitor reports a listing; the staff get a new_report notification', async ({ page }) => {
  const { DEMO, serviceRest, signInAs } = await import('./support/frame.ts');
  const target = PUBLIC_ORDER.find((l) => l.userId !== DEMO.giulia.id)!;
  await signInAs(page, 'giulia');
  await page.goto(`/listing/${target.id}`);
  await page.getByRole('button', { name: t.listings.detail.report }).click();
  const dialog = page.getByRole('dialog', { name: t.listings.report.title });
  await dialog.getByRole('combobox', { name: t.listings.report.reason }).click();
  await page.getByRole('option', { name: t.listings.report.reasons['foto-false'] }).click();
  await dialog.getByRole('textbox', { name: t.listings.report.details }).fill('Le foto non corrispondono alla persona.');
  await dialog.getByRole('button', { name: t.listings.report.submit }).click();
  await expect(page.getByText(t.listings.report.success)).toBeVisible();
  const reports = (await serviceRest(`listing_reports?select=id,reason,details&listing_id=eq.${target.id}&reporter_id=eq.${DEMO.giulia.id}`)) as {
    id: string;
    reason: string;
    details: string;
  }[];
  expect(reports).toEqual([expect.objectContaining({ reason: 'foto-false', details: 'Le foto non corrispondono alla persona.' })]);
  const notes = (await serviceRest(`admin_notifications?select=type,user_id&type=eq.new_report&entity_id=eq.${reports[0]!.id}`)) as unknown[];
  expect(notes).toEqual([{ type: 'new_report', user_id: null }]);
});
