/** The control panel in the e2e suite: finding a user in Utenti. */
import { expect, type Page } from '@playwright/test';
import { t } from '../../../src/lib/catalogue/screens.ts';

/** Searches Utenti for one e-mail: its one row. */
export async function findUser(page: Page, email: string) {
  await page.getByRole('searchbox', { name: t.adminStaff.users.searchLabel }).fill(email);
  await page.getByRole('button', { name: t.adminStaff.common.search }).click();
  const row = page.getByTestId('user-row');
  await expect(row).toHaveCount(1);
  return row;
}
