import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * e2e runs against `npm start` (scripts/start.ts) on its own ports over a fresh database.
 * E2E_API_PORT / E2E_APP_PORT move them, so a second run (another checkout) does not reuse
 * or clash with the first one's servers.
 */
export const API_PORT = Number(process.env.E2E_API_PORT || 54331);
export const APP_PORT = Number(process.env.E2E_APP_PORT || 4183);
/** The specs' fake push service (tests/support/e2e/push.ts): the only push endpoint origin besides the browsers' services. */
export const PUSH_PORT = Number(process.env.E2E_PUSH_PORT || API_PORT + 8);
process.env.E2E_PUSH_PORT = String(PUSH_PORT);
// The specs' helpers reach the platform through this (tests/support/e2e).
process.env.SUPABASE_LOCAL_PORT = String(API_PORT);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
/** The e2e build has its own folder; tests that swap the service worker read it from here. */
process.env.APP_OUT_DIR = join(dataDir, 'dist');

const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    locale: 'it-IT',
    timezoneId: 'Europe/Rome',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
    },
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium', viewport: { width: 360, height: 780 } } },
  ],
  webServer: {
    command: 'npx tsx scripts/start.ts',
    // The app answers only after the platform is up and the build is served. A clean checkout
    // also makes the demo photos' hashes and renditions once (about a minute of CPU; cached afterwards).
    url: `http://127.0.0.1:${APP_PORT}/`,
    timeout: 360_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      SUPABASE_LOCAL_PORT: String(API_PORT),
      APP_PORT: String(APP_PORT),
      SUPABASE_LOCAL_DATA: dataDir,
      APP_OUT_DIR: process.env.APP_OUT_DIR,
      DATABASE_URL: '',
      // The jobs would reorder the seed's night promotions after 21:00 (Rome) mid-run; the db
      // suite runs them at chosen times instead.
      SUPABASE_LOCAL_CRON: 'off',
      // The service worker's test hooks (vite.config.ts's __E2E__) are built in for this suite only.
      E2E_BUILD: '1',
      // Test-only: send-push may post to the specs' fake push service.
      PUSH_EXTRA_ORIGINS: `http://127.0.0.1:${PUSH_PORT}`,
    },
  },
});
