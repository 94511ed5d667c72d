/**
 * Review before publication (issue 26): a brand-new advertiser publishes, sees 'In revisione'
 * on the card at 360 px, supporto approves in 'Da approvare' at 1280 px, and a visitor then
 * finds the listing in the search.
 */
import { expect, test } from '@playwright/test';
import { review } from '../../src/lib/catalogue/review.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn, signInAs } from '../support/e2e/page.ts';
import { accessToken, makeAccount, rpc, serviceRest } from '../support/e2e/platform.ts';

test.beforeEach(async ({ context }) => adultDevice(context));

test("a new advertiser's listing waits in 'Da approvare' until supporto approves it, then a visitor finds it", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const account = await makeAccount('nuova');
  await serviceRest(`profiles?id=eq.${account.id}`, { method: 'PATCH', body: { credits: 10 } });
  const city = `Revisione${Date.now().toString(36)}`;
  const title = `Nuova inserzionista a ${city}`;
  // Published through create_listing, as the editor's 'Pubblica' does.
  const listing = await rpc<{ id: string; review_status: string }>(
    'create_listing',
    { p_title: title, p_category: 'donne', p_city: city, p_age: 28, p_description: 'Una descrizione abbastanza lunga per la revisione dello staff.' },
    await accessToken(account),
  );
  expect(listing.review_status).toBe('pending');

  // The owner at 360 px: 'In revisione' with the time it was submitted.
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(page, account);
  await page.goto('/my-listings');
  const card = page.getByTestId('listing-card').filter({ hasText: title });
  await expect(card.getByTestId('review-notice')).toContainText(review.owner.badge);
  await expect(card.getByTestId('review-notice')).toContainText(/Inviato il \d{1,2} \w+, \d{2}:\d{2}/);
  await shot(page, 'review-owner-360');
  await expectNoSeriousA11yViolations(page, '[data-testid="review-notice"]');

  // A visitor does not find it yet.
  const visitorContext = await browser.newContext();
  await adultDevice(visitorContext);
  const visitor = await visitorContext.newPage();
  await visitor.setViewportSize({ width: 360, height: 780 });
  await visitor.goto(`/search?city=${encodeURIComponent(city)}`);
  await expect(visitor.getByText(title)).toHaveCount(0);

  // supporto at 1280 px: the listing with why it waits, then 'Approva'.
  const staffContext = await browser.newContext();
  await adultDevice(staffContext);
  const staff = await staffContext.newPage();
  await staff.setViewportSize({ width: 1280, height: 900 });
  await signInAs(staff, 'supporto');
  await staff.goto('/admin?sezione=da-approvare');
  const held = staff.getByTestId('held-listing').filter({ hasText: title });
  await expect(held).toContainText(review.panel.reasons.new_advertiser!);
  await expect(held).toContainText(/In attesa da \d+ minut/);
  await shot(staff, 'review-panel-1280', { fullPage: true });
  await expectNoSeriousA11yViolations(staff, '[data-testid="held-listing"]');
  await held.getByRole('button', { name: review.panel.approve }).click();
  await staff.getByRole('dialog').getByRole('button', { name: review.panel.approve }).click();
  await expect(staff.getByText(review.panel.approved)).toBeVisible();
  await expect(held).toHaveCount(0);

  // The visitor finds it now.
  await visitor.goto(`/search?city=${encodeURIComponent(city)}`);
  await expect(visitor.getByRole('heading', { name: title })).toBeVisible();
  await page.reload();
  await expect(card.getByTestId('review-notice')).toHaveCount(0);
});
