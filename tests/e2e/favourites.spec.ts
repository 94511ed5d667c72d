/**
 * Preferiti at 360 px: an anonymous visitor keeps two listings (one from a card, never
 * opened), finds them on /preferiti, goes offline and opens /preferiti and the never-opened
 * one with its photo; signing in as giulia merges them into her account; one paused by its
 * owner since shows as paused; logging out forgets them on the device.
 */
import { expect, test } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { PUBLIC_ORDER, isPromoted } from '../support/seed-search.ts';
import { adultDevice, expectNoSeriousA11yViolations, imagesLoaded, logOut, shot, signIn, swControlled } from '../support/e2e/page.ts';
import { DEMO, serviceRest, whilePaused } from '../support/e2e/platform.ts';

const f = { ...t.favourites, ...t.favouritesScreen };
test.use({ viewport: { width: 360, height: 780 } });
test.beforeEach(async ({ context }) => adultDevice(context));

// Two older public listings of other advertisers, which no other spec opens.
const others = PUBLIC_ORDER.filter((l) => !isPromoted(l) && l.userId !== DEMO.giulia.id && l.photoCount > 0);
const opened = others.at(-2)!;
const neverOpened = others.at(-3)!;

test.afterAll(async () => {
  await serviceRest(`favourites?user_id=eq.${DEMO.giulia.id}&listing_id=in.(${opened.id},${neverOpened.id})`, { method: 'DELETE' });
});

test('kept on the device, offline with photos, merged into the account on sign-in, paused shown as paused', async ({ page, context }) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await swControlled(page);

  // One from its page, one from a card in the search (never opened).
  await page.goto(`/listing/${opened.id}`);
  await page.getByRole('button', { name: f.add(opened.title) }).click();
  await expect(page.getByRole('button', { name: f.remove(opened.title) })).toHaveAttribute('aria-pressed', 'true');
  await page.goto(`/search?city=${encodeURIComponent(neverOpened.city)}&zone=${encodeURIComponent(neverOpened.zone)}`);
  await page.getByRole('button', { name: f.add(neverOpened.title) }).click();
  await expect(page.getByText(f.added).first()).toBeVisible();

  await page.getByRole('link', { name: f.headerLink }).click();
  await expect(page).toHaveURL(/\/preferiti$/);
  const cards = page.getByTestId('favourite-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.first()).toContainText(neverOpened.title);
  await imagesLoaded(page, '[data-testid="favourite-card"] img');
  await shot(page, 'favourites-online', { fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // The never-opened one's page and photo were kept when it was favourited.
  await expect
    .poll(() =>
      page.evaluate(async (id) => {
        const api = await caches.open('listing-api-v1');
        const photos = await caches.open('listing-photos-v1');
        const detail = (await api.keys()).some((r) => r.url.includes('listing_detail') && decodeURIComponent(r.url).includes(id));
        return detail && (await photos.keys()).some((r) => r.url.includes(`/${id}/`));
      }, neverOpened.id),
    )
    .toBe(true);

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByTestId('offline-banner')).toContainText(t.pwa.offlineBanner);
    await expect(cards).toHaveCount(2);
    await imagesLoaded(page, '[data-testid="favourite-card"] img');
    await shot(page, 'favourites-offline', { fullPage: true });
    await expectNoSeriousA11yViolations(page);
    await cards.first().getByRole('link', { name: neverOpened.title }).click();
    await expect(page.getByRole('heading', { level: 1, name: neverOpened.title })).toBeVisible();
    expect(await imagesLoaded(page, '[data-testid="gallery"] img')).toBeGreaterThan(0);
  } finally {
    await context.setOffline(false);
  }

  // Signing in keeps them, now in giulia's account.
  await signIn(page, DEMO.giulia);
  await expect
    .poll(async () => ((await serviceRest(`favourites?user_id=eq.${DEMO.giulia.id}&select=listing_id`)) as { listing_id: string }[]).map((r) => r.listing_id).sort())
    .toEqual(expect.arrayContaining([opened.id, neverOpened.id]));

  // Paused by its owner since: it says so.
  await whilePaused(opened.id, async () => {
    await page.goto('/preferiti');
    const paused = cards.filter({ hasText: opened.title });
    await expect(paused.getByTestId('favourite-state')).toHaveText(f.states.paused!);
    await expect(cards).toHaveCount(2);
    await shot(page, 'favourites-paused', { fullPage: true });
  });

  // Logging out forgets giulia's favourites on this device, also after a reload.
  await logOut(page);
  await page.goto('/preferiti');
  await expect(page.getByText(f.empty)).toBeVisible();
  await expect(cards).toHaveCount(0);
  await page.reload();
  await expect(page.getByText(f.empty)).toBeVisible();
  await expect(cards).toHaveCount(0);
});
