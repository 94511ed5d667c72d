import { expect, test } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signInAs, submitLogin } from '../support/e2e/page.ts';
import { DEMO } from '../support/e2e/platform.ts';

test.beforeEach(async ({ page }) => adultDevice(page));

const m = t.tickets;

test('anonymous: the dialog asks to sign in and returns to /new-ticket', async ({ page }) => {
  await page.goto('/termini');
  await page.getByRole('button', { name: t.frame.footer.support }).click();
  const dialog = page.getByRole('dialog', { name: m.dialog.title });
  await expect(dialog.getByText(m.dialog.authRequiredTitle)).toBeVisible();
  await expect(dialog.getByText(m.dialog.authRequiredText)).toBeVisible();
  await page.waitForTimeout(400);
  await shot(page, 'support-dialog-anonymous');
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('link', { name: m.dialog.login }).click();
  await expect(page).toHaveURL(/\/auth\?tab=login&redirect=%2Fnew-ticket$/);
  await submitLogin(page, DEMO.marco);
  await expect(page).toHaveURL(/\/new-ticket$/);
  await expect(page.getByLabel(m.dialog.email, { exact: false })).toHaveValue('marco@incontri.local');
});

test('signed in: the account e-mail read-only, validation errors, then the ticket is sent and listed in I Miei Ticket', async ({ page }) => {
  await signInAs(page, 'giulia');
  await page.getByRole('button', { name: t.frame.footer.support }).click();
  const dialog = page.getByRole('dialog', { name: m.dialog.title });
  const email = dialog.getByLabel(m.dialog.email, { exact: false });
  await expect(email).toHaveValue('giulia@incontri.local');
  // The server files the ticket under the account's address, so the field cannot change it.
  await expect(email).toHaveAttribute('readonly', '');
  await expect(dialog.getByText(m.dialog.emailHint)).toBeVisible();

  await dialog.getByRole('button', { name: m.dialog.submit }).click();
  await expect(dialog.getByText(m.validation.messageShort)).toBeVisible();
  await dialog.getByLabel(m.dialog.message, { exact: false }).fill('Troppo corto');
  await dialog.getByRole('button', { name: m.dialog.submit }).click();
  await expect(dialog.getByText(m.validation.messageShort)).toBeVisible();
  await shot(page, 'support-dialog-errors');
  await expectNoSeriousA11yViolations(page);

  const text = `Non riesco a modificare il mio annuncio (e2e ${Date.now()}).`;
  await dialog.getByLabel(m.dialog.message, { exact: false }).fill(text);
  await dialog.getByRole('button', { name: m.dialog.submit }).click();
  await expect(page.getByText(m.toasts.sent)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/my-tickets$/);
  await expect(page.getByRole('heading', { name: m.list.title })).toBeVisible();
  // A phone reads each ticket as a card.
  await expect(page.getByRole('listitem').filter({ hasText: m.defaultSubject }).first()).toBeVisible();
  await shot(page, 'my-tickets', { fullPage: true });
});

test('I Miei Ticket: Nuovo Ticket opens the dialog', async ({ page }) => {
  await signInAs(page, 'marco');
  await page.goto('/my-tickets');
  await page.getByRole('button', { name: m.list.newTicket }).click();
  await expect(page.getByRole('dialog', { name: m.dialog.title }).getByLabel(m.dialog.email, { exact: false })).toHaveValue('marco@incontri.local');
});
