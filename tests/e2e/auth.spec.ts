import { expect, test } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice, expectNoSeriousA11yViolations, logOut, persistedState, shot, submitLogin } from '../support/e2e/page.ts';
import { API, DEMO, keys, mailLink } from '../support/e2e/platform.ts';

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
  await submitLogin(page, { email, password });
  await expect(page.getByRole('alert')).toHaveText(a.login.notConfirmed);
  await shot(page, 'auth-login-error');

  // The confirmation e-mail.
  const link = await mailLink(email);
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
  await submitLogin(page, { email, password });
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
  await submitLogin(page, DEMO.marco);
  await expect(page).toHaveURL(/\/dashboard$/);
  const second = await context.newPage();
  await second.goto('/dashboard');
  await expect(second.getByRole('heading', { name: t.profile.dashboard.title })).toBeVisible();
  await logOut(page);
  await expect(second.getByRole('link', { name: t.frame.header.login })).toBeVisible({ timeout: 15_000 });
});

test("the password toggle's screen-reader label is Italian", async ({ page }) => {
  await adultDevice(page);
  await page.goto('/auth?tab=login');
  const toggle = page.getByRole('form', { name: t.auth.page.tabLogin }).locator('.mantine-PasswordInput-visibilityToggle');
  await expect(toggle).toHaveAttribute('aria-label', 'Mostra o nascondi la password');
});

test('the confirmation e-mail returns to the port the app is served on', async ({ baseURL }) => {
  const { anon } = await keys();
  const email = `porta.${Date.now().toString(36)}@example.test`;
  const res = await fetch(`${API}/auth/v1/signup?redirect_to=${encodeURIComponent(`${baseURL}/auth/callback`)}`, {
    method: 'POST',
    headers: { apikey: anon, authorization: `Bearer ${anon}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Password-123', data: { display_name: 'Porta', accepted_terms: true, age_confirmed: true } }),
  });
  expect(res.status).toBe(200);
  const link = await mailLink(email);
  expect(new URL(link).searchParams.get('redirect_to')).toBe(`${baseURL}/auth/callback`);
});
