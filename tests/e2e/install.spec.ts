/**
 * Coming back from the home screen, at 360 px: our install invitation after real use (never on
 * the first page, on the third after the browser's beforeinstallprompt, not again after 'Non
 * ora'), the Home-screen steps on iPhone Safari, the app badge set to the unread count, and
 * 'Condividi' through the Web Share API.
 */
import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { PUBLIC_ORDER } from '../support/seed-search.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn } from '../support/e2e/page.ts';
import { makeAccount, makeNotification } from '../support/e2e/platform.ts';

const m = t.pwa.install;
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test.use({ viewport: { width: 360, height: 780 } });
test.beforeEach(async ({ context }) => adultDevice(context));

/** What Chromium fires when the app may be installed; its prompt() is recorded. */
async function offerInstall(page: Page) {
  // The app's own page, not the prerendered shell it replaces.
  await expect(page.locator('.sh-header')).toHaveCount(0);
  await page.evaluate(() => {
    const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt: () => {
        (window as unknown as { prompted: number }).prompted = ((window as unknown as { prompted?: number }).prompted ?? 0) + 1;
        return Promise.resolve();
      },
      userChoice: Promise.resolve({ outcome: 'accepted' }),
    });
    window.dispatchEvent(event);
  });
}

/** Two more pages inside the app, by its own links. */
async function browseTwoPages(page: Page) {
  await page.getByRole('link', { name: t.listings.home.searchCta }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.getByRole('link', { name: t.frame.header.homeLink }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('the invitation waits for the third page, installs, and stays away for 30 days after Non ora', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  await offerInstall(page);
  const invitation = page.getByTestId('install-invitation');
  await page.waitForTimeout(500);
  await expect(invitation).toHaveCount(0); // never on the first page

  await page.getByRole('link', { name: t.listings.home.searchCta }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.waitForTimeout(300);
  await expect(invitation).toHaveCount(0); // the second page, nothing kept yet
  await page.getByRole('link', { name: t.frame.header.homeLink }).click();
  await expect(invitation).toBeVisible();
  await expect(invitation.getByText(m.title)).toBeVisible();
  await shot(page, 'install-invitation');
  await expectNoSeriousA11yViolations(page);

  await invitation.getByRole('button', { name: m.install }).click();
  await expect(invitation).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { prompted?: number }).prompted)).toBe(1);

  // On another visit the browser offers again: 'Non ora' keeps it away, also after a reload.
  await page.reload();
  await offerInstall(page);
  await browseTwoPages(page);
  await expect(invitation).toBeVisible();
  await invitation.getByRole('button', { name: m.later }).click();
  await expect(invitation).toHaveCount(0);
  await page.reload();
  await offerInstall(page);
  await browseTwoPages(page);
  await page.waitForTimeout(500);
  await expect(invitation).toHaveCount(0);
});

test('a favourite on the second page is engagement enough', async ({ page }) => {
  await page.goto('/');
  await offerInstall(page);
  await page.getByRole('link', { name: t.listings.home.searchCta }).click();
  await expect(page.getByTestId('install-invitation')).toHaveCount(0);
  await page.getByTestId('favourite-button').first().click();
  await expect(page.getByTestId('install-invitation')).toBeVisible();
});

test('iPhone Safari: the Home-screen steps instead, after the same use', async ({ browser }) => {
  const context = await browser.newContext({ userAgent: IPHONE, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, locale: 'it-IT' });
  await adultDevice(context);
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  await expect(page.getByTestId('install-ios')).toHaveCount(0);
  await browseTwoPages(page);
  const sheet = page.getByTestId('install-ios');
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText(m.iosStep1);
  await expect(sheet).toContainText('Aggiungi alla schermata Home');
  await expect(sheet.getByRole('button', { name: m.install })).toHaveCount(0);
  await shot(page, 'install-iphone');
  await expectNoSeriousA11yViolations(page);
  await context.close();
});

test('the app badge follows the unread count', async ({ page }) => {
  await page.addInitScript(() => {
    const calls: number[] = [];
    (window as unknown as { badges: number[] }).badges = calls;
    Object.assign(navigator, {
      setAppBadge: (n?: number) => (calls.push(n ?? 0), Promise.resolve()),
      clearAppBadge: () => (calls.push(0), Promise.resolve()),
    });
  });
  const user = await makeAccount('badge');
  for (const message of ['Il tuo annuncio scade domani.', 'Nuova risposta al tuo ticket "Foto".']) await makeNotification({ user_id: user.id, type: 'listing_expiring', message });
  await signIn(page, user);
  const bell = page.getByRole('button', { name: t.notifications.bellLabel(2) });
  await expect(bell).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1))).toBe(2);
  await bell.click();
  await page.getByRole('button', { name: t.notifications.markAll }).click();
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(0) })).toBeVisible();
  await expect.poll(() => page.evaluate(() => (window as unknown as { badges: number[] }).badges.at(-1))).toBe(0);
});

test("'Condividi' shares the title and city through the Web Share API", async ({ page }) => {
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    (window as unknown as { shared: unknown[] }).shared = shared;
    Object.assign(navigator, { share: (data: unknown) => (shared.push(data), Promise.resolve()) });
  });
  const listing = PUBLIC_ORDER[0]!;
  await page.goto(`/listing/${listing.id}`);
  await page.getByRole('button', { name: t.listings.detail.share }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared: unknown[] }).shared.length)).toBe(1);
  const [data] = (await page.evaluate(() => (window as unknown as { shared: unknown[] }).shared)) as { title: string; text: string; url: string }[];
  expect(data).toEqual({ title: listing.title, text: t.listings.detail.shareText(listing.title, listing.city), url: expect.stringMatching(new RegExp(`/listing/${listing.id}$`)) });
});
