/** The installable app: offline pages and photos, the precache, the manifest, updates, web push. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { PUBLIC_ORDER, isPromoted } from '../support/seed-search.ts';
import { adultDevice, expectNoSeriousA11yViolations, imagesLoaded, settledCardCount, signInAs, swControlled } from '../support/e2e/page.ts';
import { DEMO, serviceRest } from '../support/e2e/platform.ts';

const FIRST_CARD_PHOTO = '[data-testid="listing-card"] [data-testid="card-photos"] > div:first-child img';

test.beforeEach(async ({ context }) => adultDevice(context));

test('pages opened online open again offline with their photos', async ({ page, context }) => {
  // Demo listings from the seed data: a promoted one with 5 photos, and another public one.
  const premium = PUBLIC_ORDER.find((l) => isPromoted(l) && l.photoCount === 5)!;
  const neverOpened = PUBLIC_ORDER.find((l) => l.id !== premium.id)!;
  const searchUrl = `/search?city=${encodeURIComponent(premium.city)}`;

  await page.goto('/');
  await swControlled(page);
  // Browse while the worker controls the page: home, a search, a listing.
  await page.reload();
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  await imagesLoaded(page, FIRST_CARD_PHOTO, { first: true });
  await page.goto(searchUrl);
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  const searchCount = await settledCardCount(page);
  await page.goto(`/listing/${premium.id}`);
  await expect(page.getByRole('heading', { level: 1, name: premium.title })).toBeVisible();
  expect(await imagesLoaded(page, '[data-testid="gallery"] img')).toBe(5);

  await context.setOffline(true);
  try {
    await page.goto(`/listing/${premium.id}`);
    await expect(page.getByTestId('offline-banner')).toContainText(t.pwa.offlineBanner);
    await expect(page.getByRole('heading', { level: 1, name: premium.title })).toBeVisible();
    expect(await imagesLoaded(page, '[data-testid="gallery"] img')).toBe(5);

    await page.goto(searchUrl);
    await expect(page.getByTestId('listing-card')).toHaveCount(searchCount);
    await imagesLoaded(page, FIRST_CARD_PHOTO, { first: true });

    await page.goto('/');
    await expect(page.getByTestId('listing-card').first()).toBeVisible();
    await imagesLoaded(page, FIRST_CARD_PHOTO, { first: true });

    await page.goto(`/listing/${neverOpened.id}`);
    await expect(page.getByTestId('listing-notice')).toContainText(t.listings.detail.offline);
  } finally {
    await context.setOffline(false);
  }
  await page.reload();
  await expect(page.getByTestId('offline-banner')).toHaveCount(0);
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

test('manifest and installability: no Chromium installability error', async ({ page, baseURL }, testInfo) => {
  const res = await page.request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  const m = (await res.json()) as Record<string, unknown> & { icons: { sizes: string; purpose?: string }[]; screenshots: unknown[] };
  expect(m).toMatchObject({ lang: 'it', display: 'standalone', start_url: expect.stringMatching(/^\//), theme_color: '#c2185b' });
  expect(m.icons.map((i) => `${i.sizes}:${i.purpose ?? 'any'}`)).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  expect(m.screenshots.length).toBeGreaterThan(0);
  const offline = await page.request.get('/offline.html');
  expect(await offline.text()).toContain('Sei offline');

  // Test contexts are incognito (never installable): check in a persistent profile.
  const profile = mkdtempSync(join(tmpdir(), 'visitor-install-'));
  const launch = (testInfo.project.use as { launchOptions?: { executablePath?: string; args?: string[] } }).launchOptions ?? {};
  const ctx = await chromium.launchPersistentContext(profile, { executablePath: launch.executablePath, args: launch.args, baseURL });
  try {
    await adultDevice(ctx);
    const p = ctx.pages()[0] ?? (await ctx.newPage());
    await p.goto('/');
    await swControlled(p);
    const cdp = await ctx.newCDPSession(p);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors, JSON.stringify(installabilityErrors)).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
  } finally {
    await ctx.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test("a new service worker brings up 'Nuova versione disponibile'", async ({ page }) => {
  const swFile = join(process.env.APP_OUT_DIR ?? join(import.meta.dirname, '..', '..', 'dist'), 'sw.js');
  const original = readFileSync(swFile, 'utf8');
  await page.goto('/');
  await swControlled(page);
  await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  try {
    writeFileSync(swFile, `${original}\n// e2e new version ${Date.now()}\n`);
    await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      await reg?.update();
    });
    const prompt = page.getByTestId('update-prompt');
    await expect(prompt).toContainText(t.pwa.updateAvailable, { timeout: 20_000 });
    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: t.pwa.updateNow }).click();
    await reloaded;
    await expect(page.getByTestId('update-prompt')).toHaveCount(0);
  } finally {
    writeFileSync(swFile, original);
  }
});

test('a push message shows a notification whose click opens /my-tickets/{id}', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  const tickets = (await serviceRest(`tickets?select=id&user_id=eq.${DEMO.giulia.id}&limit=1`)) as { id: string }[];
  const ticketId = tickets[0]!.id;
  await signInAs(page, 'giulia');
  await page.goto('/');
  await swControlled(page);

  const cdp = await context.newCDPSession(page);
  const registrationId = await new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
      const reg = e.registrations.find((r) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
      if (reg) resolve(reg.registrationId);
    });
    void cdp.send('ServiceWorker.enable');
  });
  const payload = { title: 'Nuova risposta al tuo ticket', body: 'Nuova risposta al tuo ticket "Prova".', url: `/my-tickets/${ticketId}`, icon: '/icons/icon-192.png' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId, data: JSON.stringify(payload) });

  const shown = () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const list = (await reg?.getNotifications()) ?? [];
      return list.map((n) => ({ title: n.title, body: n.body, icon: n.icon, data: n.data as unknown }));
    });
  await expect.poll(async () => (await shown()).length, { timeout: 10_000 }).toBe(1);
  expect((await shown())[0]).toMatchObject({ title: payload.title, body: payload.body, icon: /\/icons\/icon-192\.png$/, data: { url: payload.url } });

  // Headless Chromium has no notification UI to click: the worker runs its click handler.
  await page.evaluate(() => navigator.serviceWorker.controller?.postMessage({ type: 'OPEN_LATEST_NOTIFICATION' }));
  await expect(page).toHaveURL(new RegExp(`/my-tickets/${ticketId}$`));
});
