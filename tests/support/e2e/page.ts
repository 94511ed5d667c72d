/** What the e2e specs do in the page: the 18+ gate, signing in and out, the service worker, photos, screenshots, axe. */
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { t } from '../../../src/lib/catalogue/index.ts';
import { SEED_IDS } from '../seed-search.ts';
import { DEMO, type DemoKey } from './platform.ts';

export const SCREENSHOTS = join(import.meta.dirname, '..', '..', 'e2e', 'screenshots');

/** Skips the 18+ interstitial for the page or the whole context (the gate has its own test). */
export async function adultDevice(target: Page | BrowserContext) {
  await target.addInitScript(() => {
    try {
      window.localStorage.setItem('incontri.ageConfirmed', '1');
    } catch {
      /* about:blank */
    }
  });
}

/** Fills the sign-in form shown on the page and submits it. */
export async function submitLogin(page: Page, who: { email: string; password: string }) {
  const form = page.getByRole('form', { name: t.auth.page.tabLogin });
  await form.getByLabel(t.auth.fields.email, { exact: false }).first().fill(who.email);
  await form.getByLabel(t.auth.fields.password, { exact: false }).first().fill(who.password);
  await form.getByRole('button', { name: t.auth.login.submit }).click();
}

/** Signs in through the /auth screen and waits to leave it. */
export async function signIn(page: Page, who: { email: string; password: string }, path = '/auth?tab=login') {
  await page.goto(path);
  await submitLogin(page, who);
  await expect(page).not.toHaveURL(/\/auth(\?|$)/, { timeout: 15_000 });
}

export async function signInAs(page: Page, key: DemoKey) {
  await signIn(page, DEMO[key]);
}

/** Opens the account menu and logs out. */
export async function logOut(page: Page) {
  await page.getByRole('button', { name: t.frame.header.accountButton }).click();
  await page.getByRole('menuitem', { name: t.frame.header.logout }).click();
  await expect(page.getByRole('link', { name: t.frame.header.login })).toBeVisible();
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page, include?: string) {
  // Axe reads colours as drawn: a toast fading in or out is text at part opacity, which it
  // reports as low contrast (admin-panel failed so on a slow machine). Finite transitions end first,
  // and axe reads again when one started while it read (a toast closing itself mid-analysis).
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  let violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations'] = [];
  for (let attempt = 0, moved = true; moved && attempt < 3; attempt++) {
    await page.evaluate(() => {
      const w = window as { axeSawMotion?: boolean };
      w.axeSawMotion = false;
      const saw = () => (w.axeSawMotion = true);
      for (const type of ['transitionstart', 'animationstart']) document.addEventListener(type, saw, { capture: true, once: true });
    });
    await page.waitForFunction(() =>
      document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
    ({ violations } = await builder.analyze());
    moved = await page.evaluate(() => (window as { axeSawMotion?: boolean }).axeSawMotion === true);
  }
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  return violations;
}

export async function shot(page: Page, name: string, opts: { fullPage?: boolean; clip?: { x: number; y: number; width: number; height: number } } = {}) {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), ...opts });
}

/** The IndexedDB key/value pairs of the app's persisted stores. */
export async function persistedState(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('incontri-state');
        open.onerror = () => reject(new Error('indexedDB.open failed', { cause: open.error }));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('kv')) {
            db.close();
            resolve({});
            return;
          }
          const tx = db.transaction('kv', 'readonly');
          const store = tx.objectStore('kv');
          const out: Record<string, string> = {};
          const cursor = store.openCursor();
          cursor.onsuccess = () => {
            const c = cursor.result;
            if (c) {
              out[c.key as string] = String(c.value);
              c.continue();
            } else {
              db.close();
              resolve(out);
            }
          };
          cursor.onerror = () => reject(new Error('cursor failed', { cause: cursor.error }));
        };
      }),
  );
}
/** Waits until the service worker controls the page (the first visit installs it). */
export async function swControlled(page: Page) {
  await page.waitForFunction(() => !!navigator.serviceWorker?.controller, undefined, { timeout: 20_000 });
}

/** Every <img> matched has loaded with real pixels. */
export async function imagesLoaded(page: Page, selector: string, opts: { first?: boolean } = {}): Promise<number> {
  const first = !!opts.first;
  try {
    await page.waitForFunction(
      ([sel, one]) => {
        const imgs = [...document.querySelectorAll<HTMLImageElement>(sel)].slice(0, one ? 1 : undefined);
        return imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0);
      },
      [selector, first] as const,
      { timeout: 15_000 },
    );
  } catch (err) {
    const state = await page.evaluate(
      (sel) => [...document.querySelectorAll<HTMLImageElement>(sel)].map((i) => `${i.src} complete=${i.complete} w=${i.naturalWidth}`),
      selector,
    );
    throw new Error(`images not loaded at ${page.url()} (${selector}): ${JSON.stringify(state)}`, { cause: err });
  }
  return first ? 1 : page.locator(selector).count();
}

/** The number of cards once the grid has drawn them all: it draws its first cards at once and the rest after. */
export async function settledCardCount(page: Page): Promise<number> {
  await expect(page.getByTestId('listing-grid')).not.toHaveAttribute('aria-busy', 'true');
  return page.getByTestId('listing-card').count();
}

/** The listing ids of the cards on the page, in order (each card links to /listing/:id). */
export async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await page.getByTestId('listing-card').evaluateAll((cards) =>
    cards.map((c) => c.querySelector('a[href^="/listing/"]')?.getAttribute('href') ?? ''),
  );
  return hrefs.map((h) => h.replace('/listing/', ''));
}

/** The ids of the cards that show the seed's listings (earlier specs may have added others). */
export async function seedCardIds(page: Page): Promise<string[]> {
  return (await cardIds(page)).filter((id) => SEED_IDS.has(id));
}
