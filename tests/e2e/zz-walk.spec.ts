import { expect, test, type Page } from '@playwright/test';
import { adultDevice, logOut, signInAs } from '../support/e2e/page.ts';

// A temporary walk (not committed): every screen at 360 px per role, screenshots in /tmp/shots.
const G = 'b0000000-0000-4000-8000-000000000037';
const ENGLISH = /\b(Loading|Submit|Cancel|Error|Search|Next|Previous|No data|Close|Delete|Save|Page \d)\b/;
const found: string[] = [];

async function visit(page: Page, role: string, path: string, name: string) {
  await page.goto(path);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(900);
  await page.screenshot({ path: `/tmp/shots/${role}-${name}.png`, fullPage: true });
  const info = await page.evaluate(() => ({ w: document.documentElement.scrollWidth, text: document.body.innerText, labels: [...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label')).join(' | ') }));
  if (info.w > 362) found.push(`${role} ${path}: page ${info.w}px wide`);
  const en = ENGLISH.exec(info.text) ?? ENGLISH.exec(info.labels);
  if (en) found.push(`${role} ${path}: English '${en[0]}'`);
}

test.use({ viewport: { width: 360, height: 760 } });
test.setTimeout(600_000);

test('walk', async ({ page }) => {
  await adultDevice(page);
  for (const [p, n] of [['/', 'home'], ['/search', 'search'], [`/listing/${G}`, 'listing'], ['/auth', 'auth'], ['/new-listing', 'new-listing-anon']] as const) await visit(page, 'visitor', p, n);
  await signInAs(page, 'giulia');
  for (const [p, n] of [
    ['/dashboard', 'dashboard'], ['/new-listing', 'new-listing'], ['/my-listings', 'my-listings'], [`/edit-listing/${G}`, 'edit-listing'],
    [`/listing/${G}`, 'own-listing'], ['/buy-credits', 'buy-credits'], ['/credit-history', 'credit-history'], ['/my-coupons', 'my-coupons'],
    [`/promote-listing/${G}`, 'promote'], ['/my-tickets', 'my-tickets'], ['/my-tickets/d0000000-0000-4000-8000-000000000001', 'ticket'], ['/profile-settings', 'profile'],
  ] as const) await visit(page, 'giulia', p, n);
  await logOut(page);
  await signInAs(page, 'supporto');
  for (const s of ['panoramica', 'ticket', 'segnalazioni', 'utenti', 'annunci']) await visit(page, 'supporto', `/admin?sezione=${s}`, s);
  await logOut(page);
  await signInAs(page, 'admin');
  for (const s of ['coupon', 'impostazioni', 'registro']) await visit(page, 'admin', `/admin?sezione=${s}`, s);
  await visit(page, 'admin', '/admin/users/a0000000-0000-4000-8000-000000000003/listings', 'user-listings');
  await logOut(page);
  await signInAs(page, 'bannato');
  for (const [p, n] of [['/banned', 'banned'], ['/my-tickets', 'my-tickets']] as const) await visit(page, 'bannato', p, n);
  console.log('FINDINGS\n' + found.join('\n'));
  expect(found).toBeDefined();
});
