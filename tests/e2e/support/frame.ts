/** Helpers for the frame e2e specs (issue 4): accounts, the service key, screenshots, axe. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { t } from '../../../src/lib/catalogue/index.ts';

export { t };

export const API = `http://127.0.0.1:${process.env.SUPABASE_LOCAL_PORT ?? 54331}`;
export const SCREENSHOTS = join(import.meta.dirname, '..', 'screenshots');

export const DEMO = {
  admin: { email: 'admin@incontri.local', password: 'Admin123!', id: 'a0000000-0000-4000-8000-000000000001' },
  supporto: { email: 'supporto@incontri.local', password: 'Supporto123!', id: 'a0000000-0000-4000-8000-000000000002' },
  giulia: { email: 'giulia@incontri.local', password: 'Giulia123!', id: 'a0000000-0000-4000-8000-000000000003' },
  marco: { email: 'marco@incontri.local', password: 'Marco123!', id: 'a0000000-0000-4000-8000-000000000004' },
  bannato: { email: 'bannato@incontri.local', password: 'Bannato123!', id: 'a0000000-0000-4000-8000-000000000005' },
} as const;
export type DemoKey = keyof typeof DEMO;

/** The platform's service_role key, signed with the JWT secret kept in its data folder. */
export async function serviceKey(): Promise<string> {
  const dir = process.env.E2E_DATA_DIR ?? process.env.SUPABASE_LOCAL_DATA;
  if (!dir || !existsSync(join(dir, 'jwt-secret'))) throw new Error(`no jwt-secret under E2E_DATA_DIR (${dir})`);
  const secret = new TextEncoder().encode(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim());
  return new SignJWT({ role: 'service_role', iss: 'supabase-local' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(secret);
}

/** A REST call as service_role. */
export async function serviceRest(path: string, init: { method?: string; body?: unknown; prefer?: string } = {}) {
  const key = await serviceKey();
  const res = await fetch(`${API}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      prefer: init.prefer ?? 'return=representation',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A confirmed account made through the admin API. */
export async function createConfirmedUser(prefix = 'e2e'): Promise<{ id: string; email: string; password: string }> {
  const key = await serviceKey();
  const email = `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.test`;
  const password = 'Password-123';
  const res = await fetch(`${API}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { display_name: 'Utente E2E', accepted_terms: true, age_confirmed: true } }),
  });
  const body = (await res.json()) as { id?: string; user?: { id: string } };
  if (!res.ok) throw new Error(`create user: ${res.status} ${JSON.stringify(body)}`);
  return { id: body.id ?? body.user!.id, email, password };
}

export async function insertNotification(row: { user_id: string | null; type: string; entity_id?: string | null; message: string }) {
  const [created] = (await serviceRest('admin_notifications', { method: 'POST', body: { entity_id: null, ...row } })) as { id: string }[];
  return created!;
}

/** Skips the 18+ interstitial for the whole test (the gate has its own test). */
export async function adultDevice(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('incontri.ageConfirmed', '1'));
}

/** Signs in through the /auth screen and waits to leave it. */
export async function signIn(page: Page, who: { email: string; password: string }, path = '/auth?tab=login') {
  await page.goto(path);
  const form = page.getByRole('form', { name: t.auth.page.tabLogin });
  await form.getByLabel(t.auth.fields.email, { exact: false }).first().fill(who.email);
  await form.getByLabel(t.auth.fields.password, { exact: false }).first().fill(who.password);
  await form.getByRole('button', { name: t.auth.login.submit }).click();
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
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
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
        open.onerror = () => reject(open.error);
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
              out[String(c.key)] = String(c.value);
              c.continue();
            } else {
              db.close();
              resolve(out);
            }
          };
          cursor.onerror = () => reject(cursor.error);
        };
      }),
  );
}
