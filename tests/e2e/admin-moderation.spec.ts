/**
 * A moderation round as the admin, the people it touches watching: a user banned with a reason
 * (his listing leaves search, he reads why on /banned and appeals, then sees the appeal under
 * review; the appeal reaches the panel; a new reason is a new statement he reads; the unban is
 * notified), giulia's credits adjusted by +10 with a reason (her wallet
 * shows it), a coupon created for giulia that she applies; every action in the Registro with
 * who and when. A fresh user stands in for marco, whose seeded listings other specs read.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, shot, signIn, signInAs } from '../support/e2e/page.ts';
import { DEMO, makeAccount, searchAll, serviceRest } from '../support/e2e/platform.ts';
import { findUser } from '../support/e2e/panel.ts';

const s = t.adminStaff;
const u = s.users;
const audit = t.admin.audit;

async function as(browser: Browser, width = 360): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'it-IT', timezoneId: 'Europe/Rome' });
  const page = await context.newPage();
  await adultDevice(page);
  return page;
}

async function withReason(page: Page, title: string, confirm: string, reason: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByLabel(s.common.reason).fill(reason);
  await dialog.getByRole('button', { name: confirm }).click();
  await expect(dialog).toBeHidden();
}

test('admin bans with a reason, reads the appeal, unbans; adjusts giulia by +10; a coupon for giulia; all in the Registro', async ({ page, browser }) => {
  test.setTimeout(150_000);
  await adultDevice(page);
  const started = new Date();
  const user = await makeAccount('moderato');
  const title = `Annuncio di Marco ${Date.now().toString(36)}`;
  const [listing] = (await serviceRest('listings', {
    method: 'POST',
    body: { user_id: user.id, title, slug: `e2e-mod-${Date.now().toString(36)}`, category: 'uomini', city: 'Verona', age: 34, description: 'Annuncio di prova per la moderazione end-to-end.' },
  })) as { id: string }[];
  expect((await searchAll({ p_city: 'Verona' })).map((r) => r.id)).toContain(listing!.id);

  // The ban, with its reason: the listing leaves search.
  await signIn(page, DEMO.admin);
  await page.goto('/admin?sezione=utenti');
  let row = await findUser(page, user.email);
  await row.getByRole('button', { name: u.ban }).click();
  await withReason(page, u.ban_.title, u.ban_.confirm, 'Annunci con foto non autentiche');
  await expect(row.getByTestId('user-role')).toHaveText(s.roles.banned!);
  expect((await searchAll({ p_city: 'Verona' })).map((r) => r.id)).not.toContain(listing!.id);

  // He reads why on /banned and appeals.
  const banned = await as(browser);
  await signIn(banned, user);
  await expect(banned).toHaveURL(/\/banned$/);
  await expect(banned.getByTestId('ban-reason')).toHaveText('Annunci con foto non autentiche');
  await banned.getByRole('button', { name: t.auth.banned.appeal }).click();
  const appeal = 'Le foto sono mie, posso mandarvi un documento: vi chiedo di riattivare il mio account.';
  await banned.getByRole('dialog').getByLabel(t.tickets.appeal.message).fill(appeal);
  await banned.getByRole('dialog').getByRole('button', { name: t.tickets.appeal.submit }).click();
  await expect(banned.getByText(t.tickets.appeal.sent)).toBeVisible();
  // The one appeal is now under review: no second 'Presenta ricorso', its ticket linked.
  const review = banned.getByTestId('appeal-open');
  await expect(review).toContainText(t.auth.banned.appealOpen);
  await expect(banned.getByRole('button', { name: t.auth.banned.appeal })).toHaveCount(0);
  const [filed] = (await serviceRest(`tickets?user_id=eq.${user.id}&kind=eq.appeal&select=id`)) as { id: string }[];
  await expect(review).toContainText(`#${filed!.id.slice(0, 8)}`);
  await banned.waitForTimeout(300);
  expect(await banned.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(banned, 'banned-appeal-open-360', { fullPage: true });
  await expectNoSeriousA11yViolations(banned);
  await review.getByRole('link', { name: t.auth.banned.appealOpenLink }).click();
  await expect(banned).toHaveURL(new RegExp(`/my-tickets/${filed!.id}$`));
  await expect(banned.getByText(appeal)).toBeVisible();

  // The appeal reaches the panel's inbox, marked as an appeal.
  await page.goto('/admin?sezione=ticket');
  const inboxItem = page.getByRole('listitem').filter({ hasText: user.email });
  await expect(inboxItem).toBeVisible({ timeout: 15_000 });
  await inboxItem.getByRole('button').click();
  await expect(page.getByText(appeal)).toBeVisible();
  await page.waitForTimeout(300);
  await shot(page, 'admin-appeal-360', { fullPage: true });
  await expectNoSeriousA11yViolations(page);

  // A new reason is a new statement: the first stays in the history, he reads the new one.
  await page.goto('/admin?sezione=utenti');
  row = await findUser(page, user.email);
  await row.getByRole('button', { name: u.history }).click();
  let history = page.getByRole('dialog', { name: u.history_.title('Utente E2E') });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await history.getByRole('button', { name: u.history_.newReason }).click();
  await withReason(page, u.reason_.title, u.reason_.confirm, 'Foto di altre persone negli annunci');
  await row.getByRole('button', { name: u.history }).click();
  history = page.getByRole('dialog', { name: u.history_.title('Utente E2E') });
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText(u.history_.kinds.reason!);
  await expect(history.getByRole('listitem').first()).toContainText('Foto di altre persone negli annunci');
  await expect(history.getByRole('listitem').last()).toContainText('Annunci con foto non autentiche');
  await page.waitForTimeout(300);
  await shot(page, 'admin-ban-history-360');
  await expectNoSeriousA11yViolations(page);
  await history.getByRole('button', { name: s.common.close }).click();
  await banned.goto('/banned');
  await expect(banned.getByTestId('ban-reason')).toHaveText('Foto di altre persone negli annunci');
  await expect(banned.getByTestId('ban-reason-date')).toContainText(t.auth.banned.reasonGiven);
  await expect(banned.getByTestId('appeal-open')).toBeVisible();

  // The decision: unbanned with a reason, and he is told.
  await row.getByRole('button', { name: u.unban }).click();
  await withReason(page, u.unban_.title, u.unban_.confirm, 'Ricorso accolto');
  await expect(row.getByTestId('user-role')).toHaveText(s.roles.user!);
  const notes = (await serviceRest(`admin_notifications?user_id=eq.${user.id}&type=eq.account_unbanned&select=message`)) as { message: string }[];
  expect(notes).toHaveLength(1);
  expect(notes[0]!.message).toContain('Ricorso accolto');
  await banned.goto('/dashboard');
  await expect(banned).toHaveURL(/\/dashboard$/);
  await banned.getByRole('button', { name: /^Notifiche, \d+ non lett[ae]$/ }).click();
  await expect(banned.getByText(notes[0]!.message)).toBeVisible();
  await banned.context().close();

  // giulia +10 with a reason: her wallet shows it.
  const [giuliaBefore] = (await serviceRest(`profiles?id=eq.${DEMO.giulia.id}&select=credits`)) as { credits: number }[];
  const before = giuliaBefore!.credits;
  row = await findUser(page, DEMO.giulia.email);
  await row.getByRole('button', { name: u.adjust }).click();
  const credits = page.getByRole('dialog', { name: u.adjust_.title });
  await credits.getByLabel(u.adjust_.amount).fill('10');
  await credits.getByLabel(s.common.reason).fill('Rimborso per un annuncio non pubblicato');
  await credits.getByRole('button', { name: u.adjust_.confirm }).click();
  await expect(credits).toBeHidden();
  const giulia = await as(browser);
  await signInAs(giulia, 'giulia');
  await giulia.goto('/credit-history');
  await expect(giulia.getByTestId('wallet-balance')).toHaveText(t.money.wallet.credits(before + 10));
  await expect(giulia.getByTestId('transaction-row').first()).toContainText(t.money.wallet.types.admin_adjustment!);
  await expect(giulia.getByTestId('transaction-row').first()).toContainText('+10');

  // A coupon for giulia, which she applies.
  await page.goto('/admin?sezione=coupon');
  await page.getByRole('button', { name: s.coupons.create }).click();
  const form = page.getByRole('dialog', { name: s.coupons.form.createTitle });
  const code = `REGALO${Date.now().toString(36)}`.toUpperCase();
  await form.getByLabel(s.coupons.form.code).fill(code);
  await form.getByText(s.coupons.discountTypes.credits!, { exact: true }).click();
  await form.getByLabel(s.coupons.form.discountValue).fill('7');
  await form.getByLabel(s.coupons.form.userEmail).fill(DEMO.giulia.email);
  await form.getByRole('button', { name: s.coupons.form.submitCreate }).click();
  await expect(form).toBeHidden();
  await giulia.goto('/my-coupons');
  await giulia.getByLabel(t.money.coupons.code).fill(code);
  await giulia.getByRole('button', { name: t.money.coupons.apply }).click();
  await expect(giulia.getByText(t.money.coupons.toasts.credits(7)).first()).toBeVisible();
  await expect(giulia.getByTestId('coupon-row').filter({ hasText: code })).toContainText(t.money.coupons.status.used);
  await giulia.context().close();

  // The Registro: each of these, with who and when.
  await page.goto('/admin?sezione=registro');
  const entry = (action: string, on: string) => page.getByRole('listitem').filter({ hasText: action }).filter({ hasText: on }).first();
  for (const [action, on, reason] of [
    [audit.actions.user_banned, user.email, 'Annunci con foto non autentiche'],
    [audit.actions.ban_reason_changed, user.email, 'Foto di altre persone negli annunci'],
    [audit.actions.user_unbanned, user.email, 'Ricorso accolto'],
    [audit.actions.credits_adjusted, DEMO.giulia.email, 'Rimborso per un annuncio non pubblicato'],
    [audit.actions.coupon_created, code, null],
  ] as const) {
    const item = entry(action, on);
    await expect(item).toBeVisible();
    await expect(item).toContainText(DEMO.admin.email);
    if (reason) await expect(item).toContainText(reason);
    const when = /(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})/.exec((await item.textContent()) ?? '');
    expect(when, `${action}: a date and time`).not.toBeNull();
    // Both as wall-clock times: the panel shows Rome's.
    const at = new Date(`${when![3]}-${when![2]}-${when![1]}T${when![4]}:${when![5]}:00`);
    const romeStart = new Date(started.toLocaleString('en-US', { timeZone: 'Europe/Rome' }));
    expect(Math.abs(at.getTime() - romeStart.getTime())).toBeLessThan(10 * 60_000);
  }
  // Stored codes read in Italian, as the rest of the panel writes them.
  const created = entry(audit.actions.coupon_created, code);
  await expect(created).toContainText(`${audit.fields.type}: ${s.coupons.usageTypes.single_use}`);
  await expect(created).toContainText(`${audit.fields.discount_type}: ${s.coupons.discountTypes.credits}`);
  await expect(created).not.toContainText('single_use');
  await expect(created).not.toContainText('credits;');
  await shot(page, 'admin-registro-moderation-360', { fullPage: true });
  await expectNoSeriousA11yViolations(page);
});
