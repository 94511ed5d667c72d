import { expect, test } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { adultDevice, signInAs, submitLogin } from '../support/e2e/page.ts';
import { DEMO, type DemoKey } from '../support/e2e/platform.ts';

/** The route table: where each kind of viewer ends up. */
const member = ['/my-coupons', '/dashboard', '/new-listing', '/edit-listing/x', '/promote-listing/x?mode=day', '/buy-credits', '/profile-settings', '/change-password', '/my-listings', '/credit-history', '/new-ticket'];
/** Signed-in routes without the banned check. */
const allowBanned = ['/my-tickets', '/my-tickets/abc'];
const publicPaths = ['/', '/search', '/listing/b0000000-0000-4000-8000-000000000001', '/termini', '/privacy', '/registration-success'];
const staffPaths = ['/admin', '/admin/users/a0000000-0000-4000-8000-000000000003/listings'];

function pathOf(url: string) {
  const u = new URL(url);
  return u.pathname + u.search;
}

test.beforeEach(async ({ page }) => adultDevice(page));

test('anonymous visitors: protected routes go to /auth with the return path', async ({ page }) => {
  for (const path of [...member, ...allowBanned]) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => pathOf(url.href) === `/auth?tab=login&redirect=${encodeURIComponent(path)}`);
  }
  await page.goto('/banned');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  for (const path of staffPaths) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/');
  }
  for (const path of publicPaths) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => pathOf(url.href) === path);
  }
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: t.auth.page.tabLogin })).toBeVisible();
  await page.goto('/questa-pagina-non-esiste');
  await expect(page.getByRole('heading', { name: t.frame.notFound.title })).toBeVisible();
});

for (const [role, who, authTarget, staff] of [
  ['user', 'giulia', '/dashboard', false],
  ['admin', 'admin', '/admin', true],
  ['supporto', 'supporto', '/admin', true],
] as [string, DemoKey, string, boolean][]) {
  test(`${role}: member routes open, /auth goes to ${authTarget}, /admin ${staff ? 'opens' : 'goes to /'}`, async ({ page }) => {
    await signInAs(page, who);
    await expect(page).toHaveURL((url) => url.pathname === authTarget);
    for (const path of [...member, ...allowBanned]) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => pathOf(url.href) === path);
    }
    await page.goto('/banned');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    for (const path of staffPaths) {
      await page.goto(path);
      await expect(page).toHaveURL((url) => (staff ? url.pathname === path : url.pathname === '/'));
    }
    await page.goto('/auth?tab=login');
    await expect(page).toHaveURL((url) => url.pathname === authTarget);
    await expect(page.getByRole('link', { name: t.frame.header.adminPanel })).toHaveCount(staff ? 1 : 0);
  });
}

test('banned user: sent to /banned, except his tickets; /admin goes to /', async ({ page }) => {
  await signInAs(page, 'bannato');
  await expect(page).toHaveURL((url) => url.pathname === '/banned');
  await expect(page.getByRole('heading', { name: t.auth.banned.title })).toBeVisible();
  for (const path of member) {
    await page.goto(path);
    await expect(page).toHaveURL((url) => url.pathname === '/banned');
  }
  await page.goto('/my-tickets');
  await expect(page).toHaveURL((url) => url.pathname === '/my-tickets');
  await expect(page.getByRole('heading', { name: t.tickets.list.title })).toBeVisible();
  await page.goto('/my-tickets/abc');
  await expect(page).toHaveURL((url) => url.pathname === '/my-tickets/abc');
  await expect(page.getByText(t.tickets.thread.notFound)).toBeVisible();
  await page.goto('/auth');
  await expect(page).toHaveURL((url) => url.pathname === '/banned');
  await page.goto('/admin');
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('signing in returns to the requested page', async ({ page }) => {
  await page.goto('/credit-history');
  await expect(page).toHaveURL(/\/auth\?tab=login&redirect=%2Fcredit-history/);
  await submitLogin(page, DEMO.marco);
  await expect(page).toHaveURL((url) => url.pathname === '/credit-history');
});
