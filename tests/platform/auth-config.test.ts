/**
 * Auth settings a platform takes from config.toml and from how it is started, on a platform
 * of its own: [auth.email] otp_expiry (set to 2 s here), rate limits keyed by the socket's
 * address when no proxy header is configured (the address Edge Functions see too), and no
 * mail outbox unless asked for.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { fragment } from '../support/auth.ts';

let t: TestPlatform;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'auth-config-'));
  cpSync(join(import.meta.dirname, 'fixture'), dir, { recursive: true });
  const toml = join(dir, 'config.toml');
  writeFileSync(toml, readFileSync(toml, 'utf8').replace(/^otp_expiry = \d+$/m, 'otp_expiry = 2'));
  // What `npm run backend` in production and a deployment get: no outbox, no trusted header.
  t = await startTestPlatform({ supabaseDir: dir, cron: false, devMailOutbox: false, rateLimitHeader: null });
});

afterAll(async () => {
  await t?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function admin(path: string, body: unknown): Promise<any> {
  const key = t.info.serviceRoleKey;
  const res = await fetch(`${t.info.url}/auth/v1/admin/${path}`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return res.json();
}

async function followLink(link: string): Promise<Record<string, string>> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return fragment(new URL(res.headers.get('location')!));
}

describe('auth settings of a platform started as a deployment would be', () => {
  it('expires codes and links after [auth.email] otp_expiry seconds', async () => {
    const email = `expiry.${Date.now().toString(36)}@example.test`;
    await admin('users', { email, password: 'expiry-pass-1', email_confirm: true });
    const old = await admin('generate_link', { type: 'magiclink', email });
    await new Promise((r) => setTimeout(r, 2500));
    expect((await followLink(old.action_link)).error_code).toBe('otp_expired');
    const fresh = await admin('generate_link', { type: 'magiclink', email });
    expect((await followLink(fresh.action_link)).access_token).toBeTruthy();
  });

  it('limits by the socket address and ignores X-Forwarded-For unless told to trust it', async () => {
    let passed = 0;
    let status = 0;
    while (passed < 35 && status !== 429) {
      const res = await fetch(`${t.info.url}/auth/v1/recover`, {
        method: 'POST',
        headers: { apikey: t.info.anonKey, 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${passed}` },
        body: JSON.stringify({ email: 'nobody@example.test' }),
      });
      status = res.status;
      if (status === 200) passed++;
      else expect(status).toBe(429);
    }
    expect(passed).toBeGreaterThanOrEqual(30);
    expect(status).toBe(429);
  });

  it("gives Edge Functions the socket's address in X-Forwarded-For, whatever the caller claimed", async () => {
    const serveTs = join(import.meta.dirname, '..', '..', 'supabase', 'functions', '_shared', 'serve.ts');
    mkdirSync(join(dir, 'functions', 'client-address'));
    writeFileSync(join(dir, 'functions', 'client-address', 'index.ts'),
      `import { serve } from ${JSON.stringify(serveTs)};\nserve((req) => Response.json({ forwardedFor: req.headers.get('x-forwarded-for'), cf: req.headers.get('cf-connecting-ip') }));\n`);
    const res = await fetch(`${t.info.url}/functions/v1/client-address`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.info.anonKey}`, 'x-forwarded-for': '203.0.113.66', 'cf-connecting-ip': '203.0.113.67' },
    });
    expect(await res.json()).toEqual({ forwardedFor: '127.0.0.1', cf: null });
  });

  it('serves no mail outbox unless started for development', async () => {
    expect((await fetch(`${t.info.url}/_dev/mail.json`)).status).toBe(404);
    expect((await fetch(`${t.info.url}/_dev/mail`)).status).toBe(404);
  });
});
