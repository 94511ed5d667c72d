/**
 * What the phone walk of issue 23 found, at 360 px: someone else's listing refused up front on
 * /promote-listing, 'Rimuovi' whole in the applied-coupon box, the picker's 'Primaria' clear of
 * a white remove disc on a dark photo, one honest photo count in 'Gestisci Foto', the bell's
 * heading counting what its badge counts, and the avatar's letter from the display name.
 */
import sharp from 'sharp';
import { expect, test, type Locator } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn } from '../support/e2e/page.ts';
import { DEMO, makeAccount, makeNotification, serviceRest } from '../support/e2e/platform.ts';

test.beforeEach(async ({ page }) => adultDevice(page));

/** A button's text is whole: no part of it is cut by its own box. */
async function expectWhole(button: Locator) {
  await expect(button).toBeVisible();
  for (const el of [button, button.locator('.mantine-Button-label')]) {
    const { scroll, client } = await el.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
  }
}

/** Whether two boxes share any pixel. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test("marco opening giulia's listing on /promote-listing is refused before her title, the prices or his balance show", async ({ page }) => {
  const [listing] = (await serviceRest(`listings?select=id,title&user_id=eq.${DEMO.giulia.id}&is_paused=eq.false&limit=1`)) as { id: string; title: string }[];
  await signIn(page, DEMO.marco);
  await page.goto(`/promote-listing/${listing!.id}`);
  const m = t.listingEditor;
  await expect(page.getByRole('heading', { name: m.notFound })).toBeVisible();
  await expect(page.getByText(m.notFoundHint)).toBeVisible();
  await expect(page.getByRole('link', { name: m.toMyListings })).toHaveAttribute('href', '/my-listings');
  await expect(page.getByText(listing!.title)).toHaveCount(0);
  await expect(page.getByRole('button', { name: t.money.promotion.buy })).toHaveCount(0);
  await expect(page.getByText(/^Saldo:/)).toHaveCount(0);
  await shot(page, 'phone-walk-promote-not-yours');
  await expectNoSeriousA11yViolations(page);
});

test("the applied coupon's box keeps 'Rimuovi' whole at 360 px", async ({ page }) => {
  const code = `PRIMAVERA${Date.now().toString(36).slice(-4).toUpperCase()}`;
  await serviceRest('coupons', { method: 'POST', body: { code, type: 'single_use', discount_type: 'percentage', discount_value: 15 } });
  await signIn(page, await makeAccount('coupon'));
  const c = t.money.coupons;
  await page.goto('/my-coupons');
  await page.getByLabel(c.code).fill(code);
  await page.getByRole('button', { name: c.apply }).click();
  await expect(page.getByText(c.applied(code))).toBeVisible();
  const remove = page.getByRole('button', { name: c.remove, exact: true });
  await expectWhole(remove);
  // Inside the box, beside the code.
  const box = (await remove.locator('xpath=ancestor::div[contains(@class,"mantine-Paper-root")][1]').boundingBox())!;
  const button = (await remove.boundingBox())!;
  expect(button.x + button.width).toBeLessThanOrEqual(box.x + box.width);
  await remove.scrollIntoViewIfNeeded();
  await shot(page, 'phone-walk-applied-coupon');
});

test("the editor's first photo: 'Primaria' clear of its remove button, a white disc on a dark photo", async ({ page }) => {
  await signIn(page, DEMO.giulia);
  await page.goto('/new-listing');
  const night = await sharp({ create: { width: 800, height: 1000, channels: 3, background: '#0b0b12' } }).jpeg().toBuffer();
  await page.getByTestId('photo-input').setInputFiles({ name: 'notte.jpg', mimeType: 'image/jpeg', buffer: night });
  const crop = page.getByRole('dialog', { name: t.photos.crop.title });
  await expect(crop.locator('img')).toBeVisible();
  await crop.getByRole('button', { name: t.photos.crop.save }).click();
  await expect(crop).toBeHidden();

  const thumb = page.getByTestId('draft-photo').first();
  await thumb.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const remove = thumb.getByRole('button', { name: t.photos.picker.remove(1) });
  const badge = thumb.getByText(t.photos.picker.primary);
  await expect(remove).toBeVisible();
  await expect(badge).toBeVisible();
  const r = (await remove.boundingBox())!;
  expect(overlap(r, (await badge.boundingBox())!)).toBe(false);
  // A finger-sized target, on top at its centre (nothing covers it).
  expect(Math.min(r.width, r.height)).toBeGreaterThanOrEqual(28);
  expect(await remove.evaluate((el) => {
    const b = el.getBoundingClientRect();
    return el.contains(document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2));
  })).toBe(true);
  // White behind a dark cross: readable whatever the photo.
  const colours = await remove.evaluate((el) => ({ bg: getComputedStyle(el).backgroundColor, fg: getComputedStyle(el).color }));
  expect(colours.bg).toBe('rgb(255, 255, 255)');
  const [red = 255, green = 255, blue = 255] = colours.fg.match(/\d+/g)!.map(Number);
  expect(Math.max(red, green, blue)).toBeLessThan(90);
  await shot(page, 'phone-walk-dark-photo', { clip: { ...(await thumb.boundingBox())!, x: 0, width: 360 } });
});

test("'Gestisci Foto' counts the listing's photos against 5, as the editor does", async ({ page }) => {
  const rows = (await serviceRest(`listing_photos?select=listing_id,listings!inner(user_id)&listings.user_id=eq.${DEMO.giulia.id}`)) as { listing_id: string }[];
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.listing_id, (counts.get(r.listing_id) ?? 0) + 1);
  const [listingId] = [...counts].find(([, n]) => n === 2)!;
  await signIn(page, DEMO.giulia);
  await page.goto(`/listing/${listingId}`);
  await page.getByTestId('owner-notice').getByRole('button', { name: t.photos.manager.open }).click();
  const dialog = page.getByRole('dialog', { name: t.photos.manager.title });
  await expect(dialog.getByTestId('photo-thumb')).toHaveCount(2);
  const count = dialog.getByText(`${t.photos.picker.hint(5)} ${t.photos.picker.count(2, 5)}`);
  await count.scrollIntoViewIfNeeded();
  await expect(count).toBeVisible();
  await shot(page, 'phone-walk-photo-count');
});

test("the bell's heading counts what its badge counts: the unread ones", async ({ page }) => {
  const user = await makeAccount('walk');
  for (const message of ['Prima', 'Seconda', 'Terza']) await makeNotification({ user_id: user.id, type: 'credits_added', message });
  await serviceRest(`admin_notifications?user_id=eq.${user.id}&message=eq.Prima`, { method: 'PATCH', body: { is_read: true } });
  await signIn(page, user);
  const bell = page.getByRole('button', { name: t.notifications.bellLabel(2) });
  await expect(bell).toBeVisible();
  await bell.click();
  const dropdown = page.getByRole('dialog', { name: t.notifications.bellLabel(2) });
  await expect(dropdown.getByTestId('notifications-unread')).toHaveText(t.notifications.heading(2));
  await expect(dropdown.getByRole('listitem')).toHaveCount(3);
  await expect(dropdown.locator('[data-unread="true"]')).toHaveCount(2);
  // 'Segna tutte come lette' whole and inside the dropdown beside the heading.
  const markAll = dropdown.getByRole('button', { name: t.notifications.markAll });
  await expectWhole(markAll);
  const [inner, outer] = [(await markAll.boundingBox())!, (await dropdown.boundingBox())!];
  expect(inner.x + inner.width).toBeLessThanOrEqual(outer.x + outer.width);
  await page.waitForTimeout(300);
  await shot(page, 'phone-walk-bell');
});

test("a new user named 'Luca Test' gets the avatar letter L, not the e-mail's N", async ({ page }) => {
  const luca = await makeAccount('nuovo', { display_name: 'Luca Test' });
  await signIn(page, luca);
  const account = page.getByRole('button', { name: t.frame.header.accountButton });
  await expect(account).toHaveText('L');
  await shot(page, 'phone-walk-avatar', { clip: { x: 0, y: 0, width: 360, height: 64 } });
});
