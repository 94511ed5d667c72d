import { expect, test } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { adultVisitor, rpc, type Row } from './visitor-helpers.ts';

test.beforeEach(async ({ context }) => adultVisitor(context));

test('home lists the promoted listings first, then the newest', async ({ page }) => {
  const all = await rpc<Row[]>('search_listings', { p_limit: 20 });
  const hot = all.filter((r) => r.promoted);
  expect(hot.length).toBeGreaterThan(0);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: t.listings.home.hot })).toBeVisible();
  const cards = page.getByTestId('listing-card');
  await expect(cards.first()).toBeVisible();
  await expect(cards).toHaveCount(all.length);
  const titles = await cards.locator('h2').allTextContents();
  expect(titles).toEqual(all.map((r) => r.title));
  // The Hot ones carry the badge, the rest do not.
  await expect(cards.nth(0).getByTestId('badge-hot')).toBeVisible();
  await expect(cards.nth(hot.length).getByTestId('badge-hot')).toHaveCount(0);
  // Listing card content: category, date badge, city, age, attribute labels.
  const first = cards.nth(0);
  await expect(first.getByText(/Scade il:/)).toBeVisible();
  await expect(first.getByText(new RegExp(`^${all[0]!.city}.* · ${all[0]!.age} anni$`))).toBeVisible();
  await expect(first.getByText(t.listings.card.watermark)).toBeAttached();
});

test('search with filters returns the matching seeded listings, shareable by URL', async ({ page }) => {
  const expected = await rpc<Row[]>('search_listings', { p_city: 'Milano', p_category: 'donne', p_limit: 50 });
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
  await expect(cards).toHaveCount(expected.length);
  expect((await cards.locator('h2').allTextContents()).sort()).toEqual(expected.map((r) => r.title).sort());

  // Reloading the shared URL gives the same search; the text query narrows it (Italian stemming).
  await page.reload();
  await expect(cards).toHaveCount(expected.length);
  const stemmed = await rpc<Row[]>('search_listings', { p_query: 'cena', p_limit: 50 });
  await page.goto('/search?q=cene');
  expect(stemmed.length).toBeGreaterThan(20);
  // Pages of 20 (keyset), the next one when the end of the list scrolls into view.
  await expect(cards).toHaveCount(20);
  await page.getByRole('button', { name: t.search.loadMore }).scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(stemmed.length);
  expect(await cards.locator('h2').allTextContents()).toEqual(stemmed.map((r) => r.title));

  // An array filter (any of) and the age range.
  const hair = await rpc<Row[]>('search_listings', { p_hair_color: ['mora', 'bionda'], p_age_min: 20, p_age_max: 30, p_limit: 50 });
  await page.goto('/search?hair_color=bionda,mora&age_min=20&age_max=30');
  expect(hair.length).toBeGreaterThan(0);
  expect(hair.length).toBeLessThanOrEqual(20);
  await expect(cards).toHaveCount(hair.length);
  for (const r of hair) {
    expect(r.hair_color.some((h) => h === 'mora' || h === 'bionda')).toBe(true);
    expect(r.age).toBeGreaterThanOrEqual(20);
  }

  await page.goto('/search?city=Atlantide');
  await expect(page.getByText(t.search.empty)).toBeVisible();
});

test('listing detail: a premium listing shows 5 photos, a base one 1', async ({ page }) => {
  const all = await rpc<Row[]>('search_listings', { p_limit: 50 });
  const premium = all.find((r) => r.promoted && r.photos.length === 5);
  const base = all.find((r) => !r.promoted && r.photos.length >= 1);
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
  let paused: string | undefined;
  let expired: string | undefined;
  for (let i = 1; i <= 60 && !(paused && expired); i++) {
    const id = `b0000000-0000-4000-8000-${String(i).padStart(12, '0')}`;
    const d = await rpc<{ status: string }>('listing_detail', { p_id: id });
    if (d.status === 'paused') paused ??= id;
    if (d.status === 'expired') expired ??= id;
  }
  if (paused) {
    await page.goto(`/listing/${paused}`);
    await expect(page.getByTestId('listing-notice')).toContainText(t.listings.detail.paused);
  }
  if (expired) {
    await page.goto(`/listing/${expired}`);
    await expect(page.getByTestId('listing-notice')).toContainText(t.listings.detail.expired);
  }
  await page.goto('/listing/00000000-0000-4000-8000-000000000000');
  await expect(page.getByTestId('listing-notice')).toContainText(t.listings.detail.notFound);
  expect(paused || expired, 'the seed has a paused or expired listing').toBeTruthy();
});

test('a signed-in visitor reports a listing; the staff get a new_report notification', async ({ page }) => {
  const { DEMO, serviceRest, signInAs } = await import('./support/frame.ts');
  const rows = await rpc<(Row & { user_id: string })[]>('search_listings', { p_limit: 50 });
  const target = rows.find((r) => r.user_id !== DEMO.giulia.id)!;
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
