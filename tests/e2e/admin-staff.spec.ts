/**
 * The panel's staff sections as admin and supporto: a fresh user banned and unbanned with a
 * reason, credits adjusted with a reason, a coupon created; the user's listings in their admin
 * context; supporto sees neither Coupon nor Impostazioni and the database refuses his writes.
 * Screenshots of every section at 360 and 1280 px, axe on each.
 */
import { expect, test, type Page } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn } from '../support/e2e/page.ts';
import { API, DEMO, keys, makeAccount, serviceRest } from '../support/e2e/platform.ts';
import { findUser } from '../support/e2e/panel.ts';

test.beforeEach(async ({ page }) => adultDevice(page));

const s = t.adminStaff;
const u = s.users;

/** Closes the toasts so the screenshot shows the section. */
async function closeToasts(page: Page) {
  const closers = page.getByRole('button', { name: t.common.closeNotice });
  await expect(async () => {
    if (await closers.count()) await closers.first().click({ timeout: 1000 });
    expect(await closers.count()).toBe(0);
  }).toPass({ timeout: 15_000 });
}

const openSection = async (page: Page, label: string) => {
  await page.getByRole('tab', { name: label, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: label, exact: true })).toBeVisible();
};

const profile = async (id: string) => ((await serviceRest(`profiles?select=role,credits&id=eq.${id}`)) as { role: string; credits: number }[])[0]!;

test('admin bans and unbans a fresh user with a reason, adjusts his credits with a reason, and opens his listings', async ({ page }) => {
  const fresh = await makeAccount('staff');
  await serviceRest('listings', {
    method: 'POST',
    body: { user_id: fresh.id, title: 'Annuncio da moderare', slug: `e2e-staff-${Date.now().toString(36)}`, category: 'donne', city: 'Torino', age: 30, description: 'Annuncio di prova creato dal test end-to-end.' },
  });
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, DEMO.admin);
  await page.goto('/admin?sezione=utenti');
  await expect(page.getByRole('heading', { level: 2, name: u.title })).toBeVisible();
  let row = await findUser(page, fresh.email);
  await expect(row).toContainText(u.listings(1));
  await expect(row).toContainText(u.credits(0));

  // Ban: the reason is required before anything happens
  await row.getByRole('button', { name: u.ban }).click();
  const dialog = page.getByRole('dialog', { name: u.ban_.title });
  await dialog.getByRole('button', { name: u.ban_.confirm }).click();
  await expect(dialog.getByText(s.common.reasonRequired)).toBeVisible();
  expect((await profile(fresh.id)).role).toBe('user');
  await dialog.getByLabel(s.common.reason).fill('Annunci ingannevoli');
  await dialog.getByRole('button', { name: u.ban_.confirm }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId('user-role')).toHaveText(s.roles.banned!);
  expect((await profile(fresh.id)).role).toBe('banned');

  row = await findUser(page, fresh.email);
  await row.getByRole('button', { name: u.unban }).click();
  const unban = page.getByRole('dialog', { name: u.unban_.title });
  await unban.getByLabel(s.common.reason).fill('Ricorso accolto');
  await unban.getByRole('button', { name: u.unban_.confirm }).click();
  await expect(unban).toBeHidden();
  await expect(row.getByTestId('user-role')).toHaveText(s.roles.user!);
  expect((await profile(fresh.id)).role).toBe('user');

  // Credits: +10 with a reason, kept in the ledger
  await row.getByRole('button', { name: u.adjust }).click();
  const credits = page.getByRole('dialog', { name: u.adjust_.title });
  await credits.getByLabel(u.adjust_.amount).fill('10');
  await credits.getByRole('button', { name: u.adjust_.confirm }).click();
  await expect(credits.getByText(s.common.reasonRequired)).toBeVisible();
  await credits.getByLabel(s.common.reason).fill('Rimborso per un errore');
  await credits.getByRole('button', { name: u.adjust_.confirm }).click();
  await expect(credits).toBeHidden();
  await expect(row).toContainText(u.credits(10));
  expect((await profile(fresh.id)).credits).toBe(10);
  const [tx] = (await serviceRest(`credit_transactions?select=type,amount,description&user_id=eq.${fresh.id}`)) as { type: string; amount: number; description: string }[];
  expect(tx).toEqual({ type: 'admin_adjustment', amount: 10, description: 'Rimborso per un errore' });
  await closeToasts(page);
  await shot(page, 'admin-users-360');
  await expectNoSeriousA11yViolations(page);

  // The user's listings, as cards in their admin context (no promotion or renewal): the ban
  // paused the listing and the unban left it paused, so staff can resume it, then pause it
  await row.getByRole('link', { name: u.viewListings }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/users/${fresh.id}/listings$`));
  await expect(page.getByRole('heading', { level: 1, name: s.userListings.title })).toBeVisible();
  const card = page.getByRole('article', { name: 'Annuncio da moderare', exact: true });
  await expect(card.getByRole('button', { name: t.myListings.actions.resume })).toBeVisible();
  await expect(card.getByRole('link', { name: t.myListings.actions.promote })).toHaveCount(0);
  await expect(card.getByRole('button', { name: t.myListings.actions.promote })).toHaveCount(0);
  await card.getByRole('button', { name: t.myListings.actions.resume }).click();
  await expect(card.getByRole('button', { name: t.myListings.actions.pause })).toBeVisible();
  await closeToasts(page);
  await shot(page, 'admin-user-listings-360', { fullPage: true });
  await expectNoSeriousA11yViolations(page);
});

test('admin creates a coupon; Annunci and Impostazioni at 1280 px', async ({ page }) => {
  test.setTimeout(120_000); // five sections at two widths, and axe on each
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, DEMO.admin);
  await page.goto('/admin?sezione=coupon');
  await openSection(page, s.coupons.label);
  await page.getByRole('button', { name: s.coupons.create }).click();
  const form = page.getByRole('dialog', { name: s.coupons.form.createTitle });
  await form.getByRole('button', { name: s.coupons.form.submitCreate }).click();
  await expect(form.getByText(s.coupons.validation.codeRequired)).toBeVisible();
  const code = `E2E${Date.now().toString(36)}`.toUpperCase();
  await form.getByLabel(s.coupons.form.code).fill(code.toLowerCase());
  await form.getByText(s.coupons.discountTypes.percentage!, { exact: true }).click();
  await form.getByLabel(s.coupons.form.discountValue).fill('15');
  await form.getByLabel(s.coupons.form.maxUses).fill('5');
  await form.getByLabel(s.coupons.form.userEmail).fill(DEMO.giulia.email);
  await form.getByRole('button', { name: s.coupons.form.submitCreate }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('article', { name: code });
  await expect(row).toContainText('15%');
  await expect(row).toContainText(s.coupons.forUser(DEMO.giulia.email));
  const [stored] = (await serviceRest(`coupons?select=type,discount_type,discount_value,max_uses,applies_to_user_id,is_active&code=eq.${code}`)) as Record<string, unknown>[];
  expect(stored).toEqual({ type: 'single_use', discount_type: 'percentage', discount_value: 15, max_uses: 5, applies_to_user_id: DEMO.giulia.id, is_active: true });

  await row.getByRole('button', { name: s.coupons.deactivate }).click();
  await page.getByRole('dialog', { name: s.coupons.deactivate_.title }).getByRole('button', { name: s.coupons.deactivate_.confirm }).click();
  await expect(row).toContainText(s.coupons.status.inactive);
  await closeToasts(page);
  await shot(page, 'admin-coupons-1280');
  await expectNoSeriousA11yViolations(page);

  await openSection(page, s.listings.label);
  await expect(page.getByTestId('admin-listing').first()).toBeVisible();
  await page.getByRole('radiogroup', { name: s.listings.state }).getByText(s.listings.states.paused, { exact: true }).click();
  await expect(page.getByRole('radio', { name: s.listings.states.paused })).toBeChecked();
  await closeToasts(page);
  await shot(page, 'admin-listings-1280');
  await expectNoSeriousA11yViolations(page);

  await openSection(page, s.settings.label);
  await expect(page.getByTestId('settings')).toBeVisible();
  // Each setting under its Italian name and what it takes, never its database key.
  await expect(page.getByTestId('settings').getByRole('textbox', { name: 'Crediti per pubblicare un annuncio' })).toHaveValue('10');
  await expect(page.getByTestId('settings')).toContainText(s.settings.hints.durations);
  await expect(page.getByTestId('settings')).not.toContainText('listing_creation_cost');
  await closeToasts(page);
  await shot(page, 'admin-settings-1280', { fullPage: true });
  await expectNoSeriousA11yViolations(page);

  await openSection(page, u.label);
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await closeToasts(page);
  await shot(page, 'admin-users-1280');

  // The admin-only sections on a phone too.
  await page.setViewportSize({ width: 360, height: 800 });
  for (const [label, name] of [[s.coupons.label, 'admin-coupons-360'], [s.settings.label, 'admin-settings-360']] as const) {
    await openSection(page, label);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, name, { fullPage: true });
    await expectNoSeriousA11yViolations(page);
  }
  // Issue 43: the screening terms one per line in a multi-line field, with their count; every label Italian.
  const settings = page.getByTestId('settings');
  const minors = settings.getByRole('textbox', { name: "Termini che indicano una persona minorenne: l'annuncio viene rifiutato" });
  expect(await minors.evaluate((el) => el.tagName)).toBe('TEXTAREA');
  const lines = (await minors.inputValue()).split('\n');
  expect(lines.length).toBeGreaterThan(1);
  expect(lines).toContain('minorenne');
  await expect(settings.getByTestId('screening_minor_terms-count')).toHaveText(s.settings.termsCount(lines.length));
  await minors.press('ControlOrMeta+End');
  await minors.pressSequentially('\nnuovo termine');
  await expect(settings.getByTestId('screening_minor_terms-count')).toHaveText(s.settings.termsCount(lines.length + 1));
  await expect(settings.getByRole('textbox', { name: "Crediti a chi invita, al primo acquisto dell'invitato" })).toHaveValue('20');
  await expect(settings).not.toContainText('referrer');
  await minors.scrollIntoViewIfNeeded();
  await shot(page, 'admin-settings-terms-360');
});

test('supporto sees neither Coupon nor Impostazioni, and the database refuses his writes there', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(page, DEMO.supporto);
  // An admin-only section asked for by address says whose it is, and shows Panoramica.
  for (const [id, label] of [['registro', t.admin.sections.auditLog], ['impostazioni', s.settings.label], ['coupon', s.coupons.label]] as const) {
    await page.goto(`/admin?sezione=${id}`);
    await expect(page.getByTestId('admin-only-section')).toHaveText(t.admin.adminOnly(label, t.admin.sections.overview));
    await expect(page.getByRole('tab', { name: t.admin.sections.overview })).toHaveAttribute('aria-selected', 'true');
  }
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'admin-only-section-360');
  await expect(page.getByRole('tab', { name: u.label })).toBeVisible();
  await expect(page.getByRole('tab', { name: s.coupons.label })).toHaveCount(0);
  await expect(page.getByRole('tab', { name: s.settings.label })).toHaveCount(0);
  await openSection(page, s.listings.label);
  await closeToasts(page);
  await shot(page, 'admin-listings-360');
  await expectNoSeriousA11yViolations(page);
  await openSection(page, u.label);
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await expect(page.getByRole('button', { name: u.adjust })).toHaveCount(0);

  const sup = createClient(API, (await keys()).anon, { realtime: { transport: ws as never }, auth: { persistSession: false, autoRefreshToken: false } });
  const { error: signInError } = await sup.auth.signInWithPassword(DEMO.supporto);
  expect(signInError).toBeNull();
  const code = `SUP${Date.now().toString(36)}`.toUpperCase();
  const insert = await sup.from('coupons').insert({ code, type: 'reusable', discount_type: 'credits', discount_value: 100 });
  expect(insert.error?.code).toBe('42501');
  await sup.from('settings').update({ value: 0 }).eq('key', 'listing_creation_cost');
  await sup.from('credit_packages').update({ price_cents: 1 }).eq('name', 'Starter');
  expect(await serviceRest(`coupons?select=id&code=eq.${code}`)).toEqual([]);
  expect(await serviceRest('settings?select=value&key=eq.listing_creation_cost')).toEqual([{ value: 10 }]);
  expect(await serviceRest('credit_packages?select=price_cents&name=eq.Starter')).toEqual([{ price_cents: 990 }]);
});
