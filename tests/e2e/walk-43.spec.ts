/**
 * Issue 43's walk at 360 px, items 1, 4, 8 and 9 (item 3, back to 'I miei annunci' after a
 * promotion, is in money.spec): the scheduled promotion is the owner's to see and the card's
 * badges stay inside it, clear of the heart; the editor says how many photos visitors see
 * before any upload; the promotion form offers its package once and its segmented control's
 * pill sits on its segment; a refusal's own full stop is not doubled, and the refused card
 * shows no expiry. Each listing is a fresh account's, deleted after the test.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { review } from '../../src/lib/catalogue/review.ts';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn } from '../support/e2e/page.ts';
import { accessToken, DEMO, deleteListings, makeAccount, makeListing, rpc, serviceRest } from '../support/e2e/platform.ts';

test.use({ viewport: { width: 360, height: 780 } });
test.beforeEach(async ({ page }) => adultDevice(page));

const made: string[] = [];
test.afterEach(() => deleteListings(made.splice(0)));

async function listingOf(userId: string, title: string): Promise<string> {
  const id = await makeListing(userId, title);
  made.push(id);
  return id;
}
const at = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const box = async (l: Locator) => (await l.boundingBox())!;
const cardOf = (page: Page, id: string) => page.locator(`article[aria-labelledby="listing-title-${id}"]`);

/** Every badge over the photo inside the card and none under the heart (when there is one). */
async function badgesInside(card: Locator) {
  const c = await box(card);
  const heart = card.getByRole('button', { name: /preferiti/i });
  const h = (await heart.count()) ? await box(heart) : null;
  const badges = card.getByTestId('card-states').locator('> *');
  for (const b of await badges.all()) {
    const r = await box(b);
    expect(r.x).toBeGreaterThanOrEqual(c.x);
    expect(r.x + r.width).toBeLessThanOrEqual(c.x + c.width);
    if (h) expect(r.x + r.width <= h.x || r.y >= h.y + h.height || r.y + r.height <= h.y, 'a badge under the heart').toBe(true);
  }
  return badges.count();
}

test("item 1: a scheduled promotion is the owner's: visitors see 'Disponibile ora' only, inside the card", async ({ page, browser }) => {
  const owner = await makeAccount('walk43');
  const title = `Attesa e disponibile ${Date.now().toString(36)}`;
  const id = await listingOf(owner.id, title);
  await serviceRest(`listings?id=eq.${id}`, {
    method: 'PATCH',
    body: { is_premium: true, promotion_mode: 'night', promotion_start_at: at(50), promotion_end_at: at(50 + 72), available_until: at(2) },
  });

  // A visitor finds it by its title: the green badge, no schedule, nothing under the heart.
  await page.goto(`/search?q=${encodeURIComponent(title)}`);
  const card = cardOf(page, id);
  await expect(card.getByTestId('badge-available-now')).toHaveText(t.listings.card.availableNow);
  await expect(card.getByTestId('badge-pending')).toHaveCount(0);
  expect(await badgesInside(card)).toBe(1);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'walk43-visitor-card');
  await page.goto(`/listing/${id}`);
  await expect(page.getByTestId('badge-available-now')).toBeVisible();
  await expect(page.getByTestId('badge-pending')).toHaveCount(0);

  // Its owner sees both on her card, wrapped inside it.
  const ownerPage = await (await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
  await adultDevice(ownerPage);
  await signIn(ownerPage, owner);
  await ownerPage.goto('/my-listings');
  const own = cardOf(ownerPage, id);
  await expect(own.getByTestId('badge-pending')).toHaveText(/^In Attesa · dal \d\d \p{L}+, \d\d:\d\d$/u);
  await expect(own.getByTestId('badge-available-now')).toHaveText(/^Disponibile ora · ancora /);
  expect(await badgesInside(own)).toBe(2);
  await shot(ownerPage, 'walk43-owner-card');
  await ownerPage.context().close();
});

test('item 4: the editor says before any upload that visitors see only the first photo, a promotion all', async ({ page }) => {
  await signIn(page, DEMO.giulia);
  await page.goto('/new-listing');
  const note = page.getByTestId('photos-shown');
  await expect(note).toHaveText(t.listingEditor.photosShown.base(5));
  await expect(page.getByTestId('draft-photo')).toHaveCount(0);
  // Above the buttons that choose the photos.
  expect((await box(note)).y).toBeLessThan((await box(page.getByRole('button', { name: t.photos.picker.gallery }))).y);
  await note.scrollIntoViewIfNeeded();
  await shot(page, 'walk43-editor-photos');
});

test('item 8: the package offered once; the pill on its segment; padding around "Data e ora scelte"', async ({ page }) => {
  const owner = await makeAccount('walk43');
  const id = await listingOf(owner.id, `Promozione ${Date.now().toString(36)}`);
  await signIn(page, owner);
  await page.goto(`/promote-listing/${id}`);
  const p = t.money.promotion;
  const packages = page.getByRole('group', { name: p.mode });
  await expect(packages.getByRole('radio')).toHaveCount(2);
  await expect(page.getByText(p.modes.day.name, { exact: true })).toHaveCount(1);
  await expect(page.getByText(p.modes.night.name, { exact: true })).toHaveCount(1);
  await page.getByText(p.modes.night.text).click();
  await expect(packages.getByRole('radio', { name: p.modes.night.name })).toBeChecked();

  await page.getByText(p.startLater, { exact: true }).click();
  const start = page.getByRole('radiogroup', { name: p.start });
  const pill = start.locator('.mantine-SegmentedControl-indicator');
  const label = start.locator('.mantine-SegmentedControl-label[data-active]');
  await expect(label).toHaveText(p.startLater);
  // Past the pill's 200 ms slide.
  await expect(async () => {
    const [a, b] = [await box(pill), await box(label)];
    for (const [x, y] of [[a.x, b.x], [a.y, b.y], [a.x + a.width, b.x + b.width], [a.y + a.height, b.y + b.height]] as const) expect(Math.abs(x - y)).toBeLessThanOrEqual(1);
  }).toPass({ timeout: 5_000 });
  // The text has room on both sides inside the pill, and the pill inside the control.
  const text = await label.evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    const b = r.getBoundingClientRect();
    return { left: b.left, right: b.right };
  });
  const [pillBox, control] = [await box(pill), await box(start)];
  expect(text.left - pillBox.x).toBeGreaterThanOrEqual(8);
  expect(pillBox.x + pillBox.width - text.right).toBeGreaterThanOrEqual(8);
  expect(control.x + control.width - (pillBox.x + pillBox.width)).toBeGreaterThanOrEqual(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await shot(page, 'walk43-promotion-form', { fullPage: true });
});

test("item 9: a refusal's own full stop is not doubled in the bell, and the refused card shows no expiry", async ({ page }) => {
  const owner = await makeAccount('walk43');
  const title = `Rifiutato ${Date.now().toString(36)}`;
  const id = await listingOf(owner.id, title);
  await serviceRest(`listings?id=eq.${id}`, { method: 'PATCH', body: { review_status: 'pending' } });
  await rpc('decide_listing_review', { p_listing_id: id, p_approve: false, p_reason: 'Foto non conformi.' }, await accessToken(DEMO.supporto));

  await signIn(page, owner);
  await page.goto('/my-listings');
  const card = cardOf(page, id);
  await expect(card.getByText(review.owner.rejected)).toBeVisible();
  await expect(card.getByTestId('badge-date')).toHaveCount(0);
  await expect(card).not.toContainText(t.listings.card.expiresOn);
  await shot(page, 'walk43-refused-card');

  await page.getByRole('button', { name: t.notifications.bellLabel(1) }).click();
  const told = page.getByText(`Il tuo annuncio "${title}" non è stato approvato: Foto non conformi. Puoi contestare la decisione scrivendo al supporto.`);
  await expect(told).toBeVisible();
  await shot(page, 'walk43-refusal-bell');
});
