/**
 * The visitor's rough edges found by trying the app on a phone (360 px): scroll position,
 * search on a phone, report, the owner's own listing, offline screens, titles and contrast,
 * and the confirmation e-mail on a non-default app port.
 */
import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/index.ts';
import { DEMO, expectNoSeriousA11yViolations, serviceRest, signIn } from './support/frame.ts';
import { API, adultVisitor, keys, rpc, swControlled, type Row } from './visitor-helpers.ts';
import { SEED_IDS, expectedFor, type SeedFilter } from '../support/seed-search.ts';

test.beforeEach(async ({ context }) => adultVisitor(context));

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Every public listing matching `args` (the seed has a few hundred at most). */
async function all(args: Record<string, unknown> = {}) {
  return rpc<Row[]>('search_listings', { ...args, p_limit: 1000 });
}

test('a new page opens at the top; Back returns to the same place in the list', async ({ page }) => {
  await page.goto('/');
  const cards = page.getByTestId('listing-card');
  await expect(cards.nth(8)).toBeVisible();
  await cards.nth(8).scrollIntoViewIfNeeded();
  const title = (await cards.nth(8).locator('h2').textContent())!;
  const before = await scrollY(page);
  expect(before).toBeGreaterThan(1000);
  await cards.nth(8).locator('a').first().click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: title })).toBeInViewport();
  await expect.poll(async () => Math.abs((await scrollY(page)) - before)).toBeLessThan(40);

  // The footer's links open their page at its top too.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: t.frame.footer.terms }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => scrollY(page)).toBe(0);
});

/**
 * The total a search must show: the seed's public matches (from the seed data, not the API
 * under test) plus the public listings earlier specs added, read from the table as service_role
 * (`where` is the same filter as PostgREST query parameters).
 */
async function publicTotal(f: SeedFilter, where = ''): Promise<number> {
  const added = (await serviceRest(
    `listings?select=id&is_paused=is.false&expires_at=gt.${new Date().toISOString()}${where}&id=not.in.(${[...SEED_IDS].join(',')})`,
  )) as unknown[];
  return expectedFor(f).length + added.length;
}

test('search on a phone: results first behind Filtri (n), a real total, Cerca goes to the results', async ({ page }) => {
  const everything = await publicTotal({});
  await page.goto('/search');
  const cards = page.getByTestId('listing-card');
  await expect(cards.first()).toBeInViewport();
  await expect(page.getByRole('combobox', { name: t.search.category })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filtri', exact: true })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(`${everything} annunci`);

  const milano = await publicTotal({ p_city: 'Milano', p_category: 'donne' }, '&city=ilike.Milano&category=eq.donne');
  await page.goto('/search?category=donne&city=Milano');
  await expect(page.getByRole('button', { name: 'Filtri (2)' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(milano === 1 ? '1 annuncio' : `${milano} annunci`);

  // The same total on a desktop.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/search');
  await expect(page.getByTestId('result-count')).toHaveText(`${everything} annunci`);
  await page.setViewportSize({ width: 360, height: 780 });

  // Filters open, chosen at the bottom of the form: 'Cerca' goes to the top of the results.
  await page.getByRole('button', { name: 'Filtri', exact: true }).click();
  await page.getByRole('combobox', { name: t.search.category }).click();
  await page.getByRole('option', { name: 'Donne' }).click();
  const apply = page.getByRole('search').getByRole('button', { name: t.search.submit, exact: true });
  await apply.scrollIntoViewIfNeeded();
  await apply.click();
  await expect(page).toHaveURL(/category=donne/);
  await expect(page.getByRole('combobox', { name: t.search.category })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Filtri (1)' })).toBeVisible();
  const donne = await publicTotal({ p_category: 'donne' }, '&category=eq.donne');
  await expect(page.getByTestId('result-count')).toHaveText(`${donne} annunci`);
  const top = (await page.getByTestId('search-results').boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual(0);
  expect(top).toBeLessThan(120);
});

test('the search box follows the URL on Back and Forward', async ({ page }) => {
  await page.goto('/search?q=cena');
  const box = page.getByRole('searchbox', { name: t.search.query });
  await expect(box).toHaveValue('cena');
  await box.fill('massaggio');
  await box.press('Enter');
  await expect(page).toHaveURL(/q=massaggio/);
  await page.goBack();
  await expect(page).toHaveURL(/q=cena/);
  await expect(box).toHaveValue('cena');
  await page.goForward();
  await expect(box).toHaveValue('massaggio');
});

test("'Segnala annuncio' asks an anonymous visitor to sign in first, then opens the form on the same listing", async ({ page }) => {
  const rows = await all();
  const target = rows.find((r) => (r as Row & { user_id: string }).user_id !== DEMO.marco.id)!;
  await page.goto(`/listing/${target.id}`);
  await page.getByRole('button', { name: t.listings.detail.report }).click();
  const dialog = page.getByRole('dialog', { name: t.listings.report.title });
  await expect(dialog.getByText(t.listings.report.loginRequired)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: t.listings.report.reason })).toHaveCount(0);
  await dialog.getByRole('link', { name: t.listings.report.login }).click();
  await expect(page).toHaveURL(/\/auth\?/);
  const form = page.getByRole('form', { name: t.auth.page.tabLogin });
  await form.getByLabel(t.auth.fields.email, { exact: false }).first().fill(DEMO.marco.email);
  await form.getByLabel(t.auth.fields.password, { exact: false }).first().fill(DEMO.marco.password);
  await form.getByRole('button', { name: t.auth.login.submit }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${target.id}`));
  const again = page.getByRole('dialog', { name: t.listings.report.title });
  await expect(again.getByRole('combobox', { name: t.listings.report.reason })).toBeVisible();
});

test('an owner sees their own paused listing with its state and actions, without Segnala annuncio', async ({ page }) => {
  const [own] = (await serviceRest(`listings?select=id,title,city&user_id=eq.${DEMO.giulia.id}&is_paused=eq.false&expires_at=gt.now()&limit=1`)) as { id: string; title: string; city: string }[];
  expect(own, 'giulia has an active listing in the seed').toBeTruthy();
  await serviceRest(`listings?id=eq.${own!.id}`, { method: 'PATCH', body: { is_paused: true, paused_at: new Date().toISOString() } });
  try {
    await signIn(page, DEMO.giulia);
    await page.goto(`/listing/${own!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: own!.title })).toBeVisible();
    await expect(page.getByTestId('owner-notice')).toContainText('in pausa');
    await expect(page.getByRole('button', { name: 'Riprendi' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Modifica' })).toHaveAttribute('href', `/edit-listing/${own!.id}`);
    await expect(page.getByRole('button', { name: t.listings.detail.report })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await serviceRest(`listings?id=eq.${own!.id}`, { method: 'PATCH', body: { is_paused: false, paused_at: null } });
  }
});

test.describe('without a service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a screen whose code cannot load offline says so and opens after reconnecting', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByTestId('listing-card').first()).toBeVisible();
    await context.setOffline(true);
    await page.getByRole('contentinfo').getByRole('link', { name: t.frame.footer.privacy }).click();
    await expect(page.getByTestId('screen-offline')).toBeVisible();
    await expect(page.getByText(t.frame.errorFallback.heading)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, '[data-testid="screen-offline"]');
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: t.legal.privacy.title })).toBeVisible();
    await expect(page.getByTestId('screen-offline')).toHaveCount(0);
  });
});

test('every route chunk is precached: a screen never opened before opens offline', async ({ page, context }) => {
  await page.goto('/');
  await swControlled(page);
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  // Wait for the precache to be complete (the worker is activated only after it is).
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active?.state === 'activated');
  await context.setOffline(true);
  for (const name of [t.frame.footer.terms, t.frame.footer.privacy]) {
    await page.getByRole('contentinfo').getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('screen-offline')).toHaveCount(0);
  }
  await context.setOffline(false);
});

test('each screen has its own Italian title; a listing names its title and city', async ({ page }) => {
  const [first] = await all();
  const titles = new Map<string, string>();
  for (const path of ['/', '/search', `/listing/${first!.id}`, '/termini', '/privacy', '/auth', '/pagina-che-non-esiste']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect.poll(() => page.title()).not.toBe('Incontri Italia');
    titles.set(path, await page.title());
  }
  expect(new Set(titles.values()).size).toBe(titles.size);
  const detail = titles.get(`/listing/${first!.id}`)!;
  expect(detail).toContain(first!.title);
  expect(detail).toContain(first!.city);
});

test('the yellow notices (paused, not available offline) have enough contrast', async ({ page, context }) => {
  // A paused listing's notice, seen by a visitor.
  const [one, other] = await all();
  await serviceRest(`listings?id=eq.${one!.id}`, { method: 'PATCH', body: { is_paused: true, paused_at: new Date().toISOString() } });
  try {
    await page.goto(`/listing/${one!.id}`);
    await expect(page.getByTestId('listing-notice')).toContainText(t.listings.detail.paused);
    await expectNoSeriousA11yViolations(page);
  } finally {
    await serviceRest(`listings?id=eq.${one!.id}`, { method: 'PATCH', body: { is_paused: false, paused_at: null } });
  }

  // The offline notice of a listing never opened online (the detail screen's code is there).
  await page.goto('/');
  await page.getByTestId('listing-card').first().locator('a').first().click();
  await expect(page.getByRole('heading', { level: 1, name: one!.title })).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  await context.setOffline(true);
  await page.evaluate((id) => {
    window.history.pushState({}, '', `/listing/${id}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, other!.id);
  await expect(page.getByTestId('listing-notice')).toBeVisible();
  await expectNoSeriousA11yViolations(page, '[data-testid="listing-notice"]');
  await context.setOffline(false);
});

test("'Segnala annuncio' is not cut at 360 px", async ({ page }) => {
  const [one] = await all();
  await page.goto(`/listing/${one!.id}`);
  const report = page.getByRole('button', { name: t.listings.detail.report });
  await expect(report).toBeVisible();
  const cut = await report.locator('.mantine-Button-label').evaluate((el) => el.scrollWidth > el.clientWidth + 1);
  expect(cut, "'Segnala annuncio' is cut").toBe(false);
});

test("the password toggle's screen-reader label is Italian", async ({ page }) => {
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
  let link = '';
  await expect(async () => {
    const mails = (await (await fetch(`${API}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as { links: string[] }[];
    link = mails[0]?.links[0] ?? '';
    expect(link).toContain('/auth/v1/verify');
  }).toPass({ timeout: 10_000 });
  expect(new URL(link).searchParams.get('redirect_to')).toBe(`${baseURL}/auth/callback`);
});
