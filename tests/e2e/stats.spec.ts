/**
 * Listing statistics at 360 px: three visitor devices open giulia's listing and one taps
 * 'WhatsApp'; giulia opens 'Statistiche' from her card and reads 3 views and 1 contact; a
 * listing nobody saw says the counting starts today; another user cannot read them.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn } from '../support/e2e/page.ts';
import { DEMO, makeListing } from '../support/e2e/platform.ts';

const s = t.stats;

/** A fresh public listing of giulia's (so other specs' visits never mix in). */
const giuliaListing = (title: string) => makeListing(DEMO.giulia.id, title);

/** A visitor on a device of their own (a new browser context: its own storage, so its own random id). */
async function visit(browser: Browser, baseURL: string | undefined, listingId: string, tapWhatsApp: boolean) {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await adultDevice(context);
  const page = await context.newPage();
  const sent = page.waitForResponse((r) => r.url().includes('/rpc/record_listing_events') && r.request().method() === 'POST');
  await page.goto(`/listing/${listingId}`);
  await expect(page.getByTestId('contact-whatsapp')).toBeVisible();
  expect((await sent).ok()).toBe(true);
  if (tapWhatsApp) {
    const tapped = page.waitForResponse((r) => r.url().includes('/rpc/record_listing_events') && r.request().method() === 'POST');
    const popup = context.waitForEvent('page');
    await page.getByTestId('contact-whatsapp').click();
    expect((await tapped).ok()).toBe(true);
    await (await popup).close();
  }
  await context.close();
}

const total = (page: Page, window: '7' | '30', label: string) => page.getByTestId(`stats-${window}-${label}`);

test('three devices, one WhatsApp tap: giulia reads 3 views and 1 contact', async ({ page, browser, baseURL }) => {
  test.setTimeout(180_000); // four devices, one after another, and axe
  const title = `Statistiche e2e ${Date.now().toString(36)}`;
  const id = await giuliaListing(title);
  // One after another: three pages building at once on a loaded 2-core machine only test its patience.
  for (const tap of [false, false, true]) await visit(browser, baseURL, id, tap);

  await adultDevice(page);
  await signIn(page, DEMO.giulia);
  // Her own visit is never counted.
  await page.goto(`/listing/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await page.goto('/my-listings');
  const card = page.getByRole('article', { name: title, exact: true });
  await card.getByRole('link', { name: s.actionLabel(title) }).click();
  await expect(page).toHaveURL(new RegExp(`/statistiche/${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: s.title })).toBeVisible();
  await expect(total(page, '7', s.views)).toHaveText('3');
  await expect(total(page, '7', s.contacts)).toHaveText('1');
  await expect(total(page, '30', s.views)).toHaveText('3');
  await expect(total(page, '30', s.contacts)).toHaveText('1');
  await expect(page.getByText(s.contactsDetail(0, 1)).first()).toBeVisible();
  const chart = page.getByRole('img', { name: s.chartTitle });
  await expect(chart).toBeVisible();
  await expect(chart.getByTestId('stats-bar')).toHaveCount(30);
  // The same numbers as a table, for screen readers and anyone who opens it.
  await page.getByText(s.table).click();
  const today = page.getByRole('table', { name: s.tableCaption }).getByRole('row').nth(1);
  await expect(today.getByRole('cell').nth(0)).toHaveText('3');
  await expect(today.getByRole('cell').nth(1)).toHaveText('1');
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'stats-360', { fullPage: true });
});

test('a listing nobody has seen yet: the counting starts today', async ({ page }) => {
  const title = `Statistiche vuote ${Date.now().toString(36)}`;
  const id = await giuliaListing(title);
  await adultDevice(page);
  await signIn(page, DEMO.giulia);
  await page.goto(`/statistiche/${id}`);
  await expect(page.getByTestId('stats-empty')).toHaveText(s.empty);
  await expect(total(page, '30', s.views)).toHaveText('0');
  await expect(page.getByRole('img', { name: s.chartTitle })).toHaveCount(0);
  await shot(page, 'stats-empty-360', { fullPage: true });
});

test('another user is told the listing is not theirs', async ({ page }) => {
  const id = await giuliaListing(`Statistiche altrui ${Date.now().toString(36)}`);
  await adultDevice(page);
  await signIn(page, DEMO.marco);
  await page.goto(`/statistiche/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: t.listingEditor.notFound })).toBeVisible();
  await expect(page.getByTestId('stats-7')).toHaveCount(0);
});
