/** 'Segnala annuncio': signing in first, the report form, the staff's notification. */
import { expect, test } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { PUBLIC_ORDER } from '../support/seed-search.ts';
import { adultDevice, signInAs, submitLogin } from '../support/e2e/page.ts';
import { DEMO, searchAll, serviceRest, type Row } from '../support/e2e/platform.ts';

test.beforeEach(async ({ context }) => adultDevice(context));

test("'Segnala annuncio' asks an anonymous visitor to sign in first, then opens the form on the same listing", async ({ page }) => {
  const rows = await searchAll();
  const target = rows.find((r) => (r as Row & { user_id: string }).user_id !== DEMO.marco.id)!;
  await page.goto(`/listing/${target.id}`);
  await page.getByRole('button', { name: t.listings.detail.report }).click();
  const dialog = page.getByRole('dialog', { name: t.listings.report.title });
  await expect(dialog.getByText(t.listings.report.loginRequired)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: t.listings.report.reason })).toHaveCount(0);
  await dialog.getByRole('link', { name: t.listings.report.login }).click();
  await expect(page).toHaveURL(/\/auth\?/);
  await submitLogin(page, DEMO.marco);
  await expect(page).toHaveURL(new RegExp(`/listing/${target.id}`));
  const again = page.getByRole('dialog', { name: t.listings.report.title });
  await expect(again.getByRole('combobox', { name: t.listings.report.reason })).toBeVisible();
});

test('a signed-in visitor reports a listing; the staff get a new_report notification', async ({ page }) => {
  const target = PUBLIC_ORDER.find((l) => l.userId !== DEMO.giulia.id)!;
  await signInAs(page, 'giulia');
  await page.goto(`/listing/${target.id}`);
  await page.getByRole('button', { name: t.listings.detail.report }).click();
  const dialog = page.getByRole('dialog', { name: t.listings.report.title });
  await dialog.getByRole('combobox', { name: t.listings.report.reason }).click();
  await page.getByRole('option', { name: t.listings.report.reasons['foto-false'] }).click();
  await dialog.getByRole('textbox', { name: t.listings.report.details }).fill('Le foto non corrispondono alla persona.');
  await dialog.getByRole('button', { name: t.listings.report.submit }).click();
  await expect(page.getByText(t.listings.report.success)).toBeVisible();
  const reports = (await serviceRest(`listing_reports?select=id,reason,details&listing_id=eq.${target.id}&reporter_id=eq.${DEMO.giulia.id}`)) as {
    id: string;
    reason: string;
    details: string;
  }[];
  expect(reports).toEqual([expect.objectContaining({ reason: 'foto-false', details: 'Le foto non corrispondono alla persona.' })]);
  const notes = (await serviceRest(`admin_notifications?select=type,user_id&type=eq.new_report&entity_id=eq.${reports[0]!.id}`)) as unknown[];
  expect(notes).toEqual([{ type: 'new_report', user_id: null }]);
});
