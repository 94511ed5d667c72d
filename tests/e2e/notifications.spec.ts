import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn, signInAs } from '../support/e2e/page.ts';
import { makeAccount, makeNotification } from '../support/e2e/platform.ts';

test.beforeEach(async ({ page }) => adultDevice(page));

const bell = (page: Page) => page.getByRole('button', { name: /^Notifiche, \d+ non lett[ae]$/ });

async function unreadCount(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(label)?.[1] ?? NaN);
}

test('a user notification arrives live; click marks it read and opens the ticket; mark all', async ({ page }) => {
  const user = await makeAccount('bell');
  await signIn(page, user);
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(0) })).toBeVisible();
  await page.getByRole('button', { name: t.notifications.bellLabel(0) }).click();
  await expect(page.getByText(t.notifications.empty)).toBeVisible();
  await expect(page.getByTestId('notifications-unread')).toHaveText(t.notifications.heading(0));

  // Arrives without a reload (realtime INSERT → re-fetch).
  await makeNotification({ user_id: user.id, type: 'ticket_reply', entity_id: 'd0000001-0000-4000-8000-000000000001', message: 'Lo staff ha risposto al tuo ticket' });
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(1) })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('notifications-unread')).toHaveText(t.notifications.heading(1));
  await makeNotification({ user_id: user.id, type: 'listing_expired', message: 'Il tuo annuncio è scaduto' });
  await makeNotification({ user_id: user.id, type: 'credits_added', message: 'Hai ricevuto 20 crediti' });
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(3) })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('[data-unread="true"]')).toHaveCount(3);
  await expect(page.getByText('Lo staff ha risposto al tuo ticket')).toBeVisible();
  await expect(page.getByText(/fa$/).first()).toBeVisible();
  await page.waitForTimeout(400);
  await shot(page, 'bell-open-user');
  await expectNoSeriousA11yViolations(page);

  // Click: marks read and navigates by type.
  await page.getByText('Lo staff ha risposto al tuo ticket').click();
  await expect(page).toHaveURL(/\/my-tickets\/d0000001-0000-4000-8000-000000000001$/);
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(2) })).toBeVisible();

  // Other types only mark read.
  await page.getByRole('button', { name: t.notifications.bellLabel(2) }).click();
  await page.getByText('Il tuo annuncio è scaduto').click();
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(1) })).toBeVisible();
  await expect(page).toHaveURL(/\/my-tickets\/d0000001-/);

  // 'Segna tutte come lette'.
  await page.getByRole('button', { name: t.notifications.markAll }).click();
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(0) })).toBeVisible();
  await expect(page.locator('[data-unread="true"]')).toHaveCount(0);

  // The server agrees (a reload shows them read).
  await page.reload();
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(0) })).toBeVisible();
});

test('staff see staff-wide notifications arrive live; users never see them', async ({ page, browser }) => {
  await signInAs(page, 'admin');
  await expect(bell(page)).toBeVisible();
  await bell(page).click();
  // Wait for the first fetch (the seeded staff notifications) before counting.
  await expect(page.getByText(t.notifications.loading)).toHaveCount(0);
  await expect(page.getByRole('dialog').locator('li').first()).toBeVisible();
  const before = await unreadCount(page);

  const message = `Nuova segnalazione e2e ${Date.now()}`;
  await makeNotification({ user_id: null, type: 'new_report', entity_id: 'x', message });
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(before + 1) })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText(message)).toBeVisible();
  await page.waitForTimeout(400);
  await shot(page, 'bell-open-staff');
  await expectNoSeriousA11yViolations(page);

  // new_report goes to /admin, on Segnalazioni.
  await page.getByText(message).click();
  await expect(page).toHaveURL(/\/admin\?sezione=segnalazioni$/);
  await expect(page.getByRole('button', { name: t.notifications.bellLabel(before) })).toBeVisible();

  // A regular user does not get staff-wide rows.
  const other = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const userPage = await other.newPage();
  await adultDevice(userPage);
  const user = await makeAccount('nostaff');
  await signIn(userPage, user);
  await userPage.getByRole('button', { name: t.notifications.bellLabel(0) }).click();
  await expect(userPage.getByText(t.notifications.empty)).toBeVisible();
  await expect(userPage.getByText(message)).toHaveCount(0);
  await other.close();
});

test('header on a phone: brand, bell, account menu; Crea annuncio hidden', async ({ page }) => {
  await signInAs(page, 'giulia');
  await page.goto('/termini');
  await expect(bell(page)).toBeVisible();
  await expect(page.getByRole('link', { name: t.frame.header.createListing })).toBeHidden();
  await shot(page, 'header-user', { clip: { x: 0, y: 0, width: 360, height: 64 } });
  await page.getByRole('button', { name: t.frame.header.accountButton }).click();
  await expect(page.getByText(t.frame.header.accountMenu)).toBeVisible();
  await expect(page.getByTestId('account-email')).toHaveText('giulia@incontri.local');
  for (const label of [t.frame.header.dashboard, t.frame.header.myListings, t.frame.header.credits, t.frame.header.myCoupons, t.frame.header.myTickets, t.frame.header.settings, t.frame.header.logout]) {
    await expect(page.getByRole('menuitem', { name: label })).toBeVisible();
  }
  await page.waitForTimeout(400);
  await shot(page, 'account-menu');
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press('Escape');
});

test('header for staff shows Pannello Controllo; anonymous shows Accedi / Registrati', async ({ page }) => {
  await page.goto('/termini');
  await expect(page.getByRole('link', { name: t.frame.header.login })).toBeVisible();
  await shot(page, 'header-anonymous', { clip: { x: 0, y: 0, width: 360, height: 64 } });
  await expectNoSeriousA11yViolations(page, 'header');
  await signInAs(page, 'supporto');
  await expect(page.getByRole('link', { name: t.frame.header.adminPanel })).toBeVisible();
  await shot(page, 'header-staff', { clip: { x: 0, y: 0, width: 360, height: 64 } });
});
