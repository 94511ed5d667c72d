/** The redirect allow-list follows GoTrue's environment (set by `npm start` to the app's origin). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../supabase/local/src/auth/util.ts';
import { loadConfig } from '../../supabase/local/src/config.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'redirect-env-'));

describe('GOTRUE_SITE_URL and GOTRUE_URI_ALLOW_LIST', () => {
  it('an app on another port is an allowed redirect, beside config.toml', () => {
    const env = { GOTRUE_SITE_URL: 'http://127.0.0.1:4193', GOTRUE_URI_ALLOW_LIST: 'http://127.0.0.1:4193/**, http://localhost:4193/**' };
    const { auth } = loadConfig({ dataDir }, env);
    expect(auth.siteUrl).toBe('http://127.0.0.1:4193');
    expect(safeRedirect('http://localhost:4193/auth/callback', auth)).toBe('http://localhost:4193/auth/callback');
    expect(safeRedirect('http://127.0.0.1:5173/auth/callback', auth)).toBe('http://127.0.0.1:5173/auth/callback');
    expect(safeRedirect('http://evil.test/auth/callback', auth)).toBe('http://127.0.0.1:4193');
  });

  it('without them, config.toml decides: another port falls back to site_url', () => {
    const { auth } = loadConfig({ dataDir }, {});
    expect(safeRedirect('http://127.0.0.1:4193/auth/callback', auth)).toBe(auth.siteUrl);
  });
});
