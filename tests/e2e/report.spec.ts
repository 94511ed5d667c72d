/** 'Segnala annuncio' for anyone: a visitor without an account (the emergency numbers, supporto's Segnalazioni), a signed-in user, the staff's notification. */
import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { PUBLIC_ORDER } from '../support/seed-search.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signInAs } from '../support/e2e/page.ts';
import { DEMO, searchAll, serviceRest } from '../support/e2e/platform.ts';

test.beforeEach(async ({ context }) => adultDevice(context));

/** No horizontal scrolling at 360 px. */
async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test("a visitor without an account reports 'Minori o tratta di persone' (112 and the Numero Verde as phone links); supporto sees it on top of Segnalazioni as 'Segnalazione anonima'", async ({ page, browser }) => {
  const rows = await searchAll();
  const target = rows[rows.length - 1]!;
  const email = `testimone.${Date.now().toString(36)}@example.test`;
  await page.goto(`/listing/${target.id}`);
  await page.getByRole('button', { name: t.listings.detail.report }).click();
  const dialog = page.getByRole('dialog', { name: t.listings.report.title });
  // The form itself, no sign-in first; the emergency line is there before any reason.
  const line = dialog.getByTestId('report-hotline');
  await expect(line.getByRole('link', { name: t.trust.emergencyCall })).toHaveAttribute('href', 'tel:112');
  await expect(line.getByRole('link', { name: t.trust.hotlineCall })).toHaveAttribute('href', 'tel:800290290');
  await dialog.getByRole('combobox', { name: t.listings.report.reason }).click();
  await page.getByRole('option', { name: t.trust.urgentReason }).click();
  await expect(line).toHaveAttribute('data-urgent', 'true');
  await expect(line).toContainText(t.trust.urgentHint);
  await expect(line.getByRole('link', { name: t.trust.emergencyCall })).toHaveText('112');
  await expect(line.getByRole('link', { name: t.trust.hotlineCall })).toContainText('800 290 290');
  await dialog.getByRole('textbox', { name: t.listings.report.details }).fill('Sembra molto giovane, ho paura che non sia libera.');
  // A malformed address is refused in the form, in Italian.
  const emailBox = dialog.getByRole('textbox', { name: t.listings.report.email });
  await emailBox.fill('non-una-mail');
  await dialog.getByRole('button', { name: t.listings.report.submit }).click();
  await expect(dialog.getByText(t.listings.report.emailInvalid)).toBeVisible();
  await emailBox.fill(email);
  await page.waitForTimeout(300);
  await fitsPhone(page);
  await shot(page, 'report-visitor-urgent-360');
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: t.listings.report.submit }).click();
  await expect(page.getByText(t.listings.report.success)).toBeVisible();
  const [report] = (await serviceRest(`listing_reports?select=id,reporter_id,reporter_email,reason,urgent&listing_id=eq.${target.id}&reporter_email=eq.${email}`)) as {
    id: string;
  }[];
  expect(report).toEqual(expect.objectContaining({ reporter_id: null, reporter_email: email, reason: 'minorenne', urgent: true }));

  try {
    const staff = await (await browser.newContext({ viewport: { width: 360, height: 780 }, locale: 'it-IT', timezoneId: 'Europe/Rome' })).newPage();
    await adultDevice(staff);
    await signInAs(staff, 'supporto');
    await staff.goto('/admin?sezione=segnalazioni');
    const first = staff.getByRole('article').first();
    await expect(first).toContainText(target.title);
    await expect(first.getByTestId('report-urgent')).toHaveText(t.admin.reports.urgent);
    await expect(first.getByTestId('report-anonymous')).toHaveText(t.admin.reports.anonymous);
    await expect(first.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
    await first.scrollIntoViewIfNeeded();
    await staff.waitForTimeout(300);
    await fitsPhone(staff);
    await shot(staff, 'report-segnalazioni-anonima-360');
    await expectNoSeriousA11yViolations(staff);
    await staff.context().close();
  } finally {
    await serviceRest(`listing_reports?id=eq.${report!.id}`, { method: 'DELETE' });
  }
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
