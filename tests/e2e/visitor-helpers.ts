/** Shared by the visitor e2e specs: the API of the e2e platform and a few seeded facts. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { Jwt, apiKeys } from '../../supabase/local/src/jwt.ts';
export const API = `http://127.0.0.1:${process.env.SUPABASE_LOCAL_PORT ?? 54331}`;

export async function keys(): Promise<{ anon: string; serviceRole: string }> {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return apiKeys(new Jwt(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()));
}

export interface Row {
  id: string;
  title: string;
  city: string;
  category: string;
  promoted: boolean;
  photos: { url: string }[];
  ethnicity: string[];
  hair_color: string[];
  age: number;
}

export async function rpc<T>(fn: string, args: Record<string, unknown>, key?: string): Promise<T> {
  const k = key ?? (await keys()).anon;
  const res = await fetch(`${API}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: k, authorization: `Bearer ${k}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!res.ok) throw new Error(`${fn}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Anonymous visitors confirm 18+ once per device: pretend it happened. */
export async function adultVisitor(context: BrowserContext) {
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem('incontri.ageConfirmed', '1');
    } catch {
      /* about:blank */
    }
  });
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

/** The listing ids of the cards on the page, in order (each card links to /listing/:id). */
export async function cardIds(page: Page): Promise<string[]> {
  const hrefs = await page.getByTestId('listing-card').evaluateAll((cards) =>
    cards.map((c) => c.querySelector('a[href^="/listing/"]')?.getAttribute('href') ?? ''),
  );
  return hrefs.map((h) => h.replace('/listing/', ''));
}
