/**
 * Trust at 360 px (issue 26, parts 1 and 4), the panel at 1280 px: giulia asks 'Verifica le foto'
 * on a listing of hers, reads the code and gesture, sends a selfie; supporto sees it in
 * 'Verifiche' beside the listing's photos with the code and gesture and approves; a visitor
 * reads 'Foto verificate a <mese> <anno>' on the page and the card and finds the listing with
 * 'Solo foto verificate' (giulia's other, unverified listing is not there). Then marco reports
 * that other listing as 'Minori o tratta di persone' (the 800 290 290 line in the dialog) and
 * supporto finds it first in Segnalazioni with 'Urgente'; the footer carries the hotline.
 * Both listings are made here (no seed listing changes) and deleted at the end with their
 * verification and report.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import { t } from '../../src/lib/catalogue/screens.ts';
import { formatItalianMonthYear } from '../../src/lib/romeDate.ts';
import { adultDevice, expectNoSeriousA11yViolations, settledCardCount, shot, signIn } from '../support/e2e/page.ts';
import { DEMO, deleteListings, makeListing, serviceRest } from '../support/e2e/platform.ts';

const G = DEMO.giulia.id;
const v = t.verification;
const HOTLINE = 'Numero Verde Antitratta 800 290 290 (gratuito, anonimo, 24 ore su 24)';
const stamp = Date.now().toString(36);
const verifiedTitle = `Foto vere di Giulia ${stamp}`;
const otherTitle = `Annuncio senza verifica ${stamp}`;
const made: string[] = [];

test.describe.configure({ mode: 'serial' });

async function device(browser: Browser, width = 360): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const page = await context.newPage();
  await adultDevice(page);
  return page;
}

/** A public listing of giulia's with one of her seeded photos, deleted at the end. */
async function giuliaListing(title: string): Promise<string> {
  const id = await makeListing(G, title, { photo: true });
  made.push(id);
  return id;
}

/** A selfie-like JPEG: a face-coloured oval and a sheet with the code written on it. */
async function selfieFile(code: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="600">
    <rect width="480" height="600" fill="#7a8fa6"/>
    <ellipse cx="240" cy="200" rx="110" ry="140" fill="#e0b48f"/>
    <rect x="120" y="380" width="240" height="150" fill="#fafafa"/>
    <text x="240" y="475" font-size="56" font-family="sans-serif" text-anchor="middle" fill="#222">${code}</text>
  </svg>`;
  const path = join(mkdtempSync(join(tmpdir(), 'selfie-')), 'selfie.jpg');
  writeFileSync(path, await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer());
  return path;
}

/** The page is no wider than the phone (nothing clipped off to the side). */
async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

let verifiedId = '';
let otherId = '';
let asked: { code: string; gesture: string } = { code: '', gesture: '' };

test.beforeAll(async () => {
  otherId = await giuliaListing(otherTitle);
  verifiedId = await giuliaListing(verifiedTitle);
});

test.afterAll(async () => {
  // Deleting the listings takes their verification and report with them (on delete cascade).
  await deleteListings(made);
});

test("giulia asks 'Verifica le foto' at 360 px, reads code and gesture, sends a selfie", async ({ page }) => {
  await adultDevice(page);
  await signIn(page, DEMO.giulia);
  await page.goto('/my-listings');
  const card = page.getByRole('article', { name: verifiedTitle, exact: true });
  await card.getByRole('button', { name: v.owner.actionLabel(verifiedTitle) }).click();
  const dialog = page.getByRole('dialog', { name: v.owner.title });
  const code = dialog.getByTestId('verify-code');
  await expect(code).toHaveText(/^[A-Z2-9]{6}$/);
  const [row] = (await serviceRest(`photo_verifications?listing_id=eq.${verifiedId}&status=eq.requested&select=code,gesture`)) as { code: string; gesture: string }[];
  asked = row!;
  await expect(code).toHaveText(asked.code);
  await expect(dialog.getByTestId('verify-gesture')).toHaveText(v.gestures[asked.gesture]!);
  await expect(dialog.getByText(/^Valido fino alle \d\d:\d\d \(30 minuti\)\.$/)).toBeVisible();
  await expect(dialog.getByText(v.owner.privacy)).toBeVisible();
  await page.waitForTimeout(300);
  await fitsPhone(page);
  await shot(page, 'trust-verify-dialog-360');
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');

  // Sending without a selfie says what is missing.
  await dialog.getByRole('button', { name: v.owner.send }).click();
  await expect(dialog.getByText(v.owner.fileRequired)).toBeVisible();

  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: new RegExp(v.owner.file) }).click();
  await (await chooser).setFiles(await selfieFile(asked.code));
  await expect(dialog.getByText('selfie.jpg')).toBeVisible();
  await shot(page, 'trust-verify-dialog-file-360');
  await dialog.getByRole('button', { name: v.owner.send }).click();
  await expect(dialog.getByTestId('verify-sent')).toHaveText(v.owner.sent, { timeout: 20_000 });
  await page.waitForTimeout(300);
  await shot(page, 'trust-verify-sent-360');
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  const [sent] = (await serviceRest(`photo_verifications?listing_id=eq.${verifiedId}&select=status,selfie_path`)) as { status: string; selfie_path: string | null }[];
  expect(sent).toEqual({ status: 'submitted', selfie_path: expect.stringMatching(/\S/) });
  await dialog.getByRole('button', { name: v.owner.close }).last().click();
  await expect(dialog).toBeHidden();
});

test("supporto at 1280 px sees the selfie beside the listing's photos with code and gesture, and approves", async ({ browser }) => {
  const page = await device(browser, 1280);
  await signIn(page, DEMO.supporto);
  await page.goto('/admin?sezione=verifiche');
  await expect(page.getByRole('heading', { name: v.panel.title })).toBeVisible();
  const item = page.getByRole('article', { name: verifiedTitle, exact: true });
  await expect(item.getByTestId('verification-code')).toHaveText(asked.code);
  await expect(item.getByText(v.gestures[asked.gesture]!)).toBeVisible();
  const selfie = item.getByRole('img', { name: v.panel.selfieAlt(verifiedTitle) });
  await expect(selfie).toBeVisible();
  await expect(item.getByRole('img', { name: v.panel.photoAlt(1) })).toBeVisible();
  await page.waitForFunction(() => [...document.querySelectorAll('article img')].every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0));
  // Side by side: the selfie's column and the photos' column share a row at this width.
  const [sBox, pBox] = [await selfie.boundingBox(), await item.getByRole('img', { name: v.panel.photoAlt(1) }).boundingBox()];
  expect(pBox!.x).toBeGreaterThan(sBox!.x + sBox!.width - 1);
  expect(Math.abs(pBox!.y - sBox!.y)).toBeLessThan(5);
  await page.waitForTimeout(300);
  await shot(page, 'trust-verifiche-1280', { fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await item.getByRole('button', { name: v.panel.approve }).click();
  const dialog = page.getByRole('dialog', { name: v.panel.approveTitle });
  await expect(dialog.getByText(v.panel.approveText(verifiedTitle))).toBeVisible();
  await shot(page, 'trust-verifiche-approve-1280');
  await dialog.getByRole('button', { name: v.panel.approve }).click();
  await expect(page.getByText(v.panel.approved)).toBeVisible();
  await expect(item).toHaveCount(0);
  const [done] = (await serviceRest(`photo_verifications?listing_id=eq.${verifiedId}&select=status,selfie_path,decided_by`)) as Record<string, unknown>[];
  expect(done).toEqual({ status: 'approved', selfie_path: null, decided_by: DEMO.supporto.id });
  await page.context().close();

  // Issue 43: admin reads it in the Registro at 360 px in Italian, on one line, and can filter by it.
  const admin = await device(browser);
  await signIn(admin, DEMO.admin);
  await admin.goto('/admin?sezione=registro');
  const audit = t.admin.audit;
  await admin.getByRole('combobox', { name: audit.filterAction }).click();
  await admin.getByRole('option', { name: audit.actions.verification_approved }).click();
  const entry = admin.getByRole('listitem').filter({ hasText: verifiedTitle });
  await expect(entry.getByText(audit.actions.verification_approved, { exact: true })).toBeVisible();
  await expect(admin.getByRole('listitem').filter({ hasText: 'verification_approved' })).toHaveCount(0);
  const label = await entry.getByText(audit.actions.verification_approved, { exact: true }).boundingBox();
  expect(label!.height).toBeLessThan(30); // one line
  await fitsPhone(admin);
  await shot(admin, 'registro-verifica-360', { fullPage: true });
  await admin.context().close();
});

test("a visitor at 360 px reads 'Foto verificate a <mese> <anno>' and finds the listing with 'Solo foto verificate'", async ({ page }) => {
  await adultDevice(page);
  const badge = t.trust.verifiedBadge(formatItalianMonthYear(new Date()));
  expect(badge).toMatch(/^Foto verificate a [a-z]+ \d{4}$/);
  await page.goto(`/listing/${verifiedId}`);
  await expect(page.getByTestId('badge-verified')).toHaveText(badge);
  await page.waitForTimeout(300);
  await fitsPhone(page);
  await shot(page, 'trust-verified-listing-360');
  await expectNoSeriousA11yViolations(page);

  await page.goto('/search?city=Roma');
  await page.getByRole('button', { name: /^Filtri/ }).click();
  await page.getByRole('checkbox', { name: t.trust.verifiedOnly }).check();
  await shot(page, 'trust-verified-filter-360');
  await page.getByRole('search', { name: t.search.title }).getByRole('button', { name: t.search.submit }).click();
  await expect(page).toHaveURL(/foto_verificate=1/);
  const card = page.getByRole('article', { name: verifiedTitle, exact: true });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('badge-verified')).toHaveText(badge);
  await expect(page.getByRole('article', { name: otherTitle, exact: true })).toHaveCount(0);
  // Every card of the result is verified.
  await expect(page.getByTestId('badge-verified')).toHaveCount(await settledCardCount(page));
  await page.waitForTimeout(300);
  await fitsPhone(page);
  await shot(page, 'trust-verified-search-360');
  await expectNoSeriousA11yViolations(page);

  // Without the filter the unverified one is there, without the badge.
  await page.goto('/search?city=Roma');
  const other = page.getByRole('article', { name: otherTitle, exact: true });
  await expect(other).toBeVisible();
  await expect(other.getByTestId('badge-verified')).toHaveCount(0);
});

test("marco reports 'Minori o tratta di persone' (hotline in the dialog); supporto sees it first with 'Urgente'; the footer has the hotline", async ({ page, browser }) => {
  await adultDevice(page);
  await signIn(page, DEMO.marco);
  await page.goto(`/listing/${otherId}`);
  await page.getByRole('button', { name: t.listings.detail.report }).click();
  const dialog = page.getByRole('dialog', { name: t.listings.report.title });
  // The hotline is there before any reason is chosen.
  await expect(dialog.getByTestId('report-hotline')).toContainText(HOTLINE);
  await dialog.getByRole('combobox', { name: t.listings.report.reason }).click();
  const first = page.getByRole('option').first();
  await expect(first).toHaveText(t.trust.urgentReason);
  await first.click();
  const line = dialog.getByTestId('report-hotline');
  await expect(line).toContainText(t.trust.urgentHint);
  await expect(line.getByRole('link', { name: t.trust.hotlineCall })).toHaveAttribute('href', 'tel:800290290');
  await dialog.getByRole('textbox', { name: t.listings.report.details }).fill('Sembra molto giovane, ho paura che non sia libera.');
  await page.waitForTimeout(300);
  await fitsPhone(page);
  await shot(page, 'trust-report-urgent-360');
  await expectNoSeriousA11yViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: t.listings.report.submit }).click();
  await expect(page.getByText(t.listings.report.success)).toBeVisible();

  // The footer carries the same line, as a phone link.
  const footer = page.getByTestId('footer-hotline');
  await footer.scrollIntoViewIfNeeded();
  await expect(footer).toHaveText(HOTLINE);
  await expect(footer.getByRole('link', { name: t.trust.hotlineCall })).toHaveAttribute('href', 'tel:800290290');
  await page.waitForTimeout(300);
  await shot(page, 'trust-footer-hotline-360', { fullPage: true });
  await expectNoSeriousA11yViolations(page, 'footer');

  // supporto: the urgent report is the first of Segnalazioni, with its badge, at 360 and 1280 px.
  for (const width of [360, 1280]) {
    const staff = await device(browser, width);
    await signIn(staff, DEMO.supporto);
    await staff.goto('/admin?sezione=segnalazioni');
    const firstReport = staff.getByRole('article').first();
    await expect(firstReport).toContainText(otherTitle);
    await expect(firstReport.getByTestId('report-urgent')).toHaveText(t.admin.reports.urgent);
    await expect(firstReport).toContainText(t.trust.urgentReason);
    await staff.waitForTimeout(300);
    if (width === 360) await fitsPhone(staff);
    await shot(staff, `trust-segnalazioni-urgent-${width}`);
    await expectNoSeriousA11yViolations(staff);
    await staff.context().close();
  }
});
