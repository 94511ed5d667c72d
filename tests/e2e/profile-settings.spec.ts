import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, signIn } from '../support/e2e/page.ts';
import { makeAccount, serviceRest } from '../support/e2e/platform.ts';

const m = t.profile.settings;
const d = t.profile.dashboard;

test.beforeEach(async ({ page }) => adultDevice(page));

async function openFromMenu(page: Page, label: string) {
  await page.getByRole('button', { name: t.frame.header.accountButton }).click();
  await page.getByRole('menuitem', { name: label }).click();
}

test('personal data: checked, saved with the phone prefix, and the dashboard greets by the new name', async ({ page }) => {
  const user = await makeAccount('profilo');
  await signIn(page, user);
  await page.goto('/dashboard');
  await expect(page.getByText(d.welcome('Utente E2E'))).toBeVisible();

  await openFromMenu(page, t.frame.header.settings);
  const personal = page.getByRole('form', { name: m.personal });
  const name = personal.getByLabel(m.displayName);
  await expect(name).toHaveValue('Utente E2E');
  await name.fill('U');
  await personal.getByLabel(m.phone).fill('12ab');
  await personal.getByRole('button', { name: m.save }).click();
  await expect(personal.getByText(t.auth.validation.displayNameShort)).toBeVisible();
  await expect(personal.getByText(t.auth.validation.phoneInvalid)).toBeVisible();

  await name.fill('Ugo Prova');
  await personal.getByLabel(m.phone).fill('333 123 4567');
  await personal.getByRole('button', { name: m.save }).click();
  await expect(page.getByText(m.saved)).toBeVisible();
  await expect(personal.getByLabel(m.phone)).toHaveValue('+393331234567');

  // Without a reload: the saved profile replaces the cached one.
  await openFromMenu(page, t.frame.header.dashboard);
  await expect(page.getByText(d.welcome('Ugo Prova'))).toBeVisible();
  await page.goto('/profile-settings');
  await expect(page.getByRole('form', { name: m.personal }).getByLabel(m.phone)).toHaveValue('+393331234567');

  const email = page.getByRole('form', { name: m.emailSection });
  await email.getByLabel(m.newEmail).fill('non-valida@');
  await email.getByRole('button', { name: m.changeEmail }).click();
  await expect(email.getByText(t.auth.validation.emailInvalid)).toBeVisible();
});

test('deleting the account needs ELIMINA, then signs out and goes home', async ({ page }) => {
  const user = await makeAccount('elimina');
  await signIn(page, user);
  await page.goto('/profile-settings');
  await page.getByRole('button', { name: m.delete }).click();
  const dialog = page.getByRole('dialog', { name: m.deleteConfirmTitle });
  const confirm = dialog.getByRole('button', { name: m.deleteConfirm });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel(m.deleteConfirmLabel).fill('elimina');
  await confirm.click();
  await expect(page.getByText(m.deleted)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: t.frame.header.login })).toBeVisible();
  expect(await serviceRest(`profiles?id=eq.${user.id}&select=id`)).toEqual([]);
});
