import { expect, test, type Page } from '@playwright/test';
import { t } from '../../src/lib/catalogue/screens.ts';
import { adultDevice } from '../support/e2e/page.ts';

async function drag(page: Page, fromY: number, toY: number, steps = 8) {
  const cdp = await page.context().newCDPSession(page);
  const x = 180;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: fromY }] });
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: fromY + ((toY - fromY) * i) / steps }] });
  }
  return async () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test.beforeEach(async ({ page }) => adultDevice(page));

test('pull-to-refresh on a touch phone: indicator, then a reload 500 ms after release', async ({ page }) => {
  await page.goto('/termini');
  await expect(page.getByRole('heading', { name: t.legal.terms.title })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  const indicator = page.getByTestId('pull-to-refresh');

  // A short pull does nothing.
  let release = await drag(page, 200, 250);
  await expect(indicator).toHaveAttribute('data-state', 'pulling');
  await release();
  await expect(indicator).toHaveAttribute('data-state', 'idle');
  await page.waitForTimeout(800);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);

  // A long pull: ready, then refreshing, then the page reloads.
  release = await drag(page, 200, 500);
  await expect(indicator).toHaveAttribute('data-state', 'ready');
  await expect(indicator).toBeVisible();
  const box = await indicator.boundingBox();
  expect(box!.y).toBeLessThanOrEqual(120 - 44 + 1); // clamped at 1.5 x 80 px
  const reloaded = page.waitForEvent('load');
  await release();
  await expect(indicator).toHaveAttribute('data-state', 'refreshing');
  await reloaded;
  await expect(page.getByRole('heading', { name: t.legal.terms.title })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBeUndefined();
});

test('desktop-style wheel scrolling never triggers it', async ({ page }) => {
  await page.goto('/termini');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.mouse.move(180, 300);
  await page.mouse.wheel(0, -800);
  await page.waitForTimeout(800);
  await expect(page.getByTestId('pull-to-refresh')).toHaveAttribute('data-state', 'idle');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
});

test('pull-to-refresh reloads the page', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('listing-card').first()).toBeVisible();
  await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1));
  const cdp = await context.newCDPSession(page);
  const point = (y: number) => [{ x: 180, y }];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: point(150) });
  for (let y = 160; y <= 330; y += 10) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: point(y) });
  const reloaded = page.waitForEvent('load', { timeout: 10_000 });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await reloaded;
  expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBeUndefined();
});
