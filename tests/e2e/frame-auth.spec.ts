import { expect, test } from '@playwright/test';
import { API, adultDevice, expectNoSeriousA11yViolations, logOut, persistedState, shot, t } from './support/frame.ts';

const a = t.auth;

test('18+ interstitial for anonymous visitors, remembered on the device', async ({ page }) => {
  await page.goto('/');
  const gate = page.getByRole('dialog', { name: t.frame.ageGate.title });
  await expect(gate).toBeVisible();
  await expect(gate.getByRole('button', { name: t.frame.ageGate.confirm })).toBeFocused();
  await shot(page, 'age-gate');
  await expectNoSeriousA11yViolations(page, 'dialog');
  // Escape does not dismiss the question.
  await page.keyboard.press('Escape');
  await expect(gate).toBeVisible();
  await gate.getByRole('button', { name: t.frame.ageGate.confirm }).click();
  await expect(gate).toBeHidden();
  await page.reload();
  await expect(page.getByRole('link', { name: t.frame.header.login })).toBeVisible();
  await expect(page.getByRole('dialog', { name: t.frame.ageGate.title })).toHaveCount(0);
});

test('register, confirm through the mail outbox, sign in, log out clears persisted state', async ({ page }) => {
  await adultDevice(page);
  const email = `nuovo.${Date.now().toString(36)}@example.test`;
  const password = 'Password-123';

  await page.goto('/auth?tab=register&ref=GIULIA2026');
  const form = page.getByRole('form', { name: a.page.tabRegister });
  await expect(form.getByLabel(a.fields.referral)).toHaveValue('GIULIA2026');
  await shot(page, 'auth-register');
  await expectNoSeriousA11yViolations(page);

  // Inline errors first.
  await form.getByRole('button', { name: a.register.submit }).click();
  await expect(form.getByText(a.validation.ageRequired)).toBeVisible();
  await expect(form.getByText(a.validation.termsRequired)).toBeVisible();
  await expect(form.getByText(a.validation.emailRequired)).toBeVisible();

  await form.getByLabel(a.fields.displayName, { exact: false }).fill('Nuova Utente');
  await form.getByLabel(a.fields.email, { exact: false }).fill(email);
  await form.getByLabel(new RegExp(`^${a.fields.password}`)).fill(password);
  await form.getByLabel(a.fields.passwordConfirm, { exact: false }).fill(password);
  await form.getByLabel(a.fields.age).check();
  await form.getByRole('checkbox', { name: /Accetto/ }).check();
  await form.getByRole('button', { name: a.register.submit }).click();
  await expect(page).toHaveURL(/\/registration-success$/);
  await expect(page.getByRole('heading', { name: a.registrationSuccess.title })).toBeVisible();

  // Not confirmed yet: sign-in says so.
  await page.goto('/auth?tab=login');
  const login = page.getByRole('form', { name: a.page.tabLogin });
  await login.getByLabel(a.fields.email, { exact: false }).fill(email);
  await login.getByLabel(a.fields.password, { exact: false }).first().fill(password);
  await login.getByRole('button', { name: a.login.submit }).click();
  await expect(page.getByRole('alert')).toHaveText(a.login.notConfirmed);
  await shot(page, 'auth-login-error');

  // The confirmation e-mail.
  let link = '';
  await expect(async () => {
    const mails = (await (await fetch(`${API}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { type?: string; links: string[] }[];
    link = mails.find((m) => (m.type ?? 'signup') === 'signup')?.links[0] ?? '';
    expect(link).toContain('/auth/v1/verify');
  }).toPass({ timeout: 10_000 });
  expect(decodeURIComponent(link), link).toContain('/auth/callback');

  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByText(a.callback.confirmed)).toBeVisible();
  await expect(page.getByRole('heading', { name: t.profile.dashboard.title })).toBeVisible();

  // Persisted to IndexedDB while signed in.
  await expect.poll(async () => JSON.parse((await persistedState(page)).session ?? '{}')?.state?.user?.email).toBe(email);

  // Log out: goes to /, clears the stores.
  await logOut(page);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect.poll(async () => Object.keys(await persistedState(page)).filter((k) => ['session', 'notifications', 'coupons'].includes(k))).toEqual([]);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?tab=login&redirect=%2Fdashboard/);

  // Sign in again with the confirmed account.
  const again = page.getByRole('form', { name: a.page.tabLogin });
  await again.getByLabel(a.fields.email, { exact: false }).fill(email);
  await again.getByLabel(a.fields.password, { exact: false }).first().fill(password);
  await again.getByRole('button', { name: a.login.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the auth screen on a phone', async ({ page }) => {
  await adultDevice(page);
  await page.goto('/auth?tab=login');
  await expect(page.getByRole('tab', { name: a.page.tabLogin })).toHaveAttribute('aria-selected', 'true');
  await shot(page, 'auth-login');
  await expectNoSeriousA11yViolations(page);
  await page.getByRole('button', { name: a.login.forgot }).click();
  const reset = page.getByRole('form', { name: a.reset.title });
  await reset.getByLabel(a.fields.email, { exact: false }).fill('giulia@incontri.local');
  await reset.getByRole('button', { name: a.reset.submit }).click();
  await expect(page.getByText(a.reset.sent)).toBeVisible();
});

test('a second tab sees the same signed-in state', async ({ page, context }) => {
  await adultDevice(page);
  await page.goto('/auth?tab=login');
  const form = page.getByRole('form', { name: a.page.tabLogin });
  await form.getByLabel(a.fields.email, { exact: false }).fill('marco@incontri.local');
  await form.getByLabel(a.fields.password, { exact: false }).first().fill('Marco123!');
  await form.getByRole('button', { name: a.login.submit }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByRole('heading', { name: t.profile.dashboard.title })).toBeVisible();
  await logOut(page);
  await expect(second.getByRole('link', { name: t.frame.header.login })).toBeVisible({ timeout: 15_000 });
});
