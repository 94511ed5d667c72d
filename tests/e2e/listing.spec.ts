/** A listing's page: photos and contacts, the notices of paused, expired and unknown listings, the owner's view. */
import { expect, test } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { PUBLIC_ORDER, isPromoted, seedListing } from '../support/seed-search.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn } from '../support/e2e/page.ts';
import { DEMO, deleteListings, makeListing, searchAll, serviceRest, whilePaused } from '../support/e2e/platform.ts';

test.beforeEach(async ({ context }) => adultDevice(context));

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

test('an owner sees their own paused listing with its state and actions, without Segnala annuncio', async ({ page }) => {
  const [own] = (await serviceRest(`listings?select=id,title,city&user_id=eq.${DEMO.giulia.id}&is_paused=eq.false&expires_at=gt.now()&limit=1`)) as { id: string; title: string; city: string }[];
  expect(own, 'giulia has an active listing in the seed').toBeTruthy();
  await whilePaused(own!.id, async () => {
    await signIn(page, DEMO.giulia);
    await page.goto(`/listing/${own!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: own!.title })).toBeVisible();
    await expect(page.getByTestId('owner-notice')).toContainText('in pausa');
    await expect(page.getByRole('button', { name: 'Riprendi' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modifica' })).toHaveAttribute('href', `/edit-listing/${own!.id}`);
    await expect(page.getByRole('button', { name: t.listings.detail.report })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  });
});

test('the yellow notices (paused, not available offline) have enough contrast', async ({ page, context }) => {
  // A paused listing's notice, seen by a visitor.
  const [one, other] = await searchAll();
  await whilePaused(one!.id, async () => {
    await page.goto(`/listing/${one!.id}`);
    await expect(page.getByTestId('listing-notice')).toContainText(t.listings.detail.paused);
    await expectNoSeriousA11yViolations(page);
  });

  // The offline notice of a listing never opened online (the detail screen's code is there).
  await page.goto('/');
  await page.getByTestId('listing-card').first().locator('a').first().click();
  await expect(page.getByRole('heading', { level: 1, name: one!.title })).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  await context.setOffline(true);
  await page.evaluate((id) => {
    window.history.pushState({}, '', `/listing/${id}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, other!.id);
  await expect(page.getByTestId('listing-notice')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[data-testid="listing-notice"]');
  await context.setOffline(false);
});

test("'Segnala annuncio' is not cut at 360 px", async ({ page }) => {
  const [one] = await searchAll();
  await page.goto(`/listing/${one!.id}`);
  const report = page.getByRole('button', { name: t.listings.detail.report });
  await expect(report).toBeVisible();
  // The button's label, its first box (lib/ui's Button).
  const cut = await report.locator(':scope > span').first().evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut, "'Segnala annuncio' is cut").toBe(false);
});

test("issue 43 at 360 px: no empty 'Caratteristiche', and the one 'Indietro' of the app", async ({ page }) => {
  const bare = await makeListing(DEMO.giulia.id, `Senza caratteristiche ${Date.now().toString(36)}`);
  try {
    await page.goto(`/listing/${bare}`);
    await expect(page.getByRole('heading', { level: 2, name: t.listings.detail.description })).toBeVisible();
    await expect(page.getByRole('heading', { name: t.listings.detail.details, exact: true })).toHaveCount(0);
    const back = page.getByTestId('back-link');
    await expect(back).toHaveText(`←${t.frame.back}`);
    const box = (await back.boundingBox())!;
    expect(box.x).toBeLessThan(20); // flush with the column's left edge, above the page
    const arrow = (await back.getByText('←').boundingBox())!;
    const word = (await back.getByText(t.frame.back).boundingBox())!;
    expect(word.x - (arrow.x + arrow.width)).toBeGreaterThan(2); // a space between the arrow and the word
    await shot(page, 'listing-no-details-360', { fullPage: true });
  } finally {
    await deleteListings([bare]);
  }
  // A listing that has them still shows them under their heading.
  const withDetails = PUBLIC_ORDER.find((l) => Object.values(l.attrs).some((v) => v.length > 0));
  await page.goto(`/listing/${withDetails!.id}`);
  await expect(page.getByRole('heading', { level: 2, name: t.listings.detail.details })).toBeVisible();
});
