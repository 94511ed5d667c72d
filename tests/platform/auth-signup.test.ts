import { describe, expect, it } from 'vitest';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { client, platformInfo, serviceClient, uniqueEmail } from '../support/clients.ts';
import { authFetch, follow, fragment, lastMail, linkToken, mailsTo } from '../support/auth.ts';

const PASSWORD = 'sign-up-pass-1';
const SITE = 'http://127.0.0.1:4173';

describe('auth: sign-up with e-mail confirmation', () => {
  it('signs up, mails a confirmation link, and the link signs the user in', async () => {
    const email = uniqueEmail('signup');
    const c = client();
    const { data, error } = await c.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${SITE}/auth/callback?next=/annunci`, data: { nickname: 'Mario' } },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    const user = data.user!;
    expect(user.email).toBe(email);
    expect(user.email_confirmed_at ?? null).toBeNull();
    expect(user.confirmation_sent_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(user.user_metadata).toEqual({ nickname: 'Mario' });
    expect(user.identities).toHaveLength(1);
    expect(user.identities![0]!.provider).toBe('email');
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });

    // Not confirmed yet: password sign-in is refused.
    const early = await c.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const mail = await lastMail(email, 'signup');
    expect(mail.subject).toBe('Conferma la tua registrazione');
    expect(mail.links).toHaveLength(1);
    const link = new URL(mail.links[0]!);
    expect(`${link.origin}${link.pathname}`).toBe(`${platformInfo().url}/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/auth/callback?next=/annunci`);

    const location = await follow(mail.links[0]!);
    expect(`${location.origin}${location.pathname}${location.search}`).toBe(`${SITE}/auth/callback?next=/annunci`);
    const f = fragment(location);
    expect(f.token_type).toBe('bearer');
    expect(f.type).toBe('signup');
    expect(Number(f.expires_in)).toBe(3600);
    expect(Number(f.expires_at)).toBeGreaterThan(Date.now() / 1000);

    const set = await c.auth.setSession({ access_token: f.access_token!, refresh_token: f.refresh_token! });
    expect(set.error).toBeNull();
    const me = await c.auth.getUser();
    expect(me.error).toBeNull();
    expect(me.data.user!.id).toBe(user.id);
    expect(me.data.user!.email_confirmed_at).toBeTruthy();
    expect(me.data.user!.confirmed_at).toBeTruthy();

    // Now confirmed: password sign-in works.
    const later = await client().auth.signInWithPassword({ email, password: PASSWORD });
    expect(later.error).toBeNull();
    expect(later.data.session?.user.id).toBe(user.id);

    // Links are single use.
    const again = await follow(mail.links[0]!);
    expect(fragment(again)).toMatchObject({ error: 'access_denied', error_code: 'otp_expired' });
    expect(again.hash).toContain('error_description=Email+link+is+invalid+or+has+expired');
  });

  it('answers a repeated sign-up of a confirmed address with a fake user without identities', async () => {
    const email = uniqueEmail('dup');
    const admin = serviceClient();
    const created = await admin.auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    expect(created.error).toBeNull();
    const before = (await mailsTo(email)).length;
    const { data, error } = await client().auth.signUp({ email, password: 'another-pass-2' });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user!.identities).toEqual([]);
    expect(data.user!.id).not.toBe(created.data.user!.id);
    expect((await mailsTo(email)).length).toBe(before);
    // The real password is unchanged.
    const signIn = await client().auth.signInWithPassword({ email, password: 'another-pass-2' });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });

  it('re-sends the confirmation for an unconfirmed address and only the newest link works', async () => {
    const email = uniqueEmail('resend');
    const c = client();
    const first = await c.auth.signUp({ email, password: PASSWORD });
    expect(first.error).toBeNull();
    const oldLink = (await lastMail(email, 'signup')).links[0]!;
    const second = await c.auth.signUp({ email, password: PASSWORD });
    expect(second.error).toBeNull();
    // A made-up user: the real id is not revealed.
    expect(second.data.user!.id).not.toBe(first.data.user!.id);
    expect(second.data.user!.identities).toEqual([]);
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.id).toBeGreaterThan(mails[1]!.id);
    expect(fragment(await follow(oldLink)).error_code).toBe('otp_expired');
    expect(fragment(await follow(mails[0]!.links[0]!)).access_token).toBeTruthy();
  });

  it('falls back to site_url for a redirect outside the allow-list', async () => {
    const email = uniqueEmail('redir');
    const { error } = await client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: 'https://evil.example/steal' } });
    expect(error).toBeNull();
    const mail = await lastMail(email, 'signup');
    expect(new URL(mail.links[0]!).searchParams.get('redirect_to')).toBe(SITE);
    // A tampered link with a foreign redirect_to still lands on the site.
    const tampered = new URL(mail.links[0]!);
    tampered.searchParams.set('redirect_to', 'https://evil.example/steal');
    const location = await follow(tampered.toString());
    expect(location.origin).toBe(SITE);
    expect(fragment(location).access_token).toBeTruthy();
  });

  it('accepts allow-listed redirect globs (another port from additional_redirect_urls)', async () => {
    const email = uniqueEmail('glob');
    const target = 'http://localhost:5173/deep/path/callback';
    await client().auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: target } });
    const mail = await lastMail(email, 'signup');
    expect(new URL(mail.links[0]!).searchParams.get('redirect_to')).toBe(target);
  });

  it('redirects an unknown token to the error fragment', async () => {
    const location = await follow(
      `${platformInfo().url}/auth/v1/verify?token=nope&type=signup&redirect_to=${encodeURIComponent(`${SITE}/auth/callback`)}`,
    );
    expect(location.pathname).toBe('/auth/callback');
    expect(fragment(location)).toEqual({
      error: 'access_denied',
      error_code: 'otp_expired',
      error_description: 'Email link is invalid or has expired',
    });
  });

  it('does not accept a token for another verification type', async () => {
    const email = uniqueEmail('wrongtype');
    await client().auth.signUp({ email, password: PASSWORD });
    const link = new URL((await lastMail(email, 'signup')).links[0]!);
    link.searchParams.set('type', 'recovery');
    expect(fragment(await follow(link.toString())).error_code).toBe('otp_expired');
    link.searchParams.set('type', 'signup');
    expect(fragment(await follow(link.toString())).access_token).toBeTruthy();
  });

  it('verifies with verifyOtp({token_hash}) and with the 6-digit code', async () => {
    const a = uniqueEmail('hash');
    const ca = client();
    await ca.auth.signUp({ email: a, password: PASSWORD });
    const tokenHash = linkToken((await lastMail(a, 'signup')).links[0]!);
    const bad = await ca.auth.verifyOtp({ token_hash: 'not-a-token', type: 'email' });
    expect(bad.error?.code).toBe('otp_expired');
    const v = await ca.auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(v.error).toBeNull();
    expect(v.data.session?.access_token).toBeTruthy();
    expect(v.data.user?.email).toBe(a);
    const twice = await client().auth.verifyOtp({ token_hash: tokenHash, type: 'email' });
    expect(twice.error?.code).toBe('otp_expired');

    const b = uniqueEmail('otp');
    const cb = client();
    await cb.auth.signUp({ email: b, password: PASSWORD });
    const code = /codice: (\d{6})/.exec((await lastMail(b, 'signup')).text)![1]!;
    const wrong = await cb.auth.verifyOtp({ email: b, token: code === '000000' ? '111111' : '000000', type: 'email' });
    expect(wrong.error?.code).toBe('otp_expired');
    const right = await cb.auth.verifyOtp({ email: b, token: code, type: 'email' });
    expect(right.error).toBeNull();
    expect(right.data.user?.email).toBe(b);
  });

  it('refuses weak passwords, bad e-mails, bad JSON and huge bodies', async () => {
    const c = client();
    const weak = await c.auth.signUp({ email: uniqueEmail('weak'), password: 'short' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(['length']);

    const invalid = await c.auth.signUp({ email: 'not-an-email', password: PASSWORD });
    expect(invalid.error?.code).toBe('validation_failed');
    expect(invalid.error?.status).toBe(400);

    const missing = await authFetch('/signup', { method: 'POST', body: JSON.stringify({ password: PASSWORD }) });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ code: 'validation_failed' });
    expect(missing.headers.get('x-supabase-api-version')).toBe('2024-01-01');

    const malformed = await authFetch('/signup', { method: 'POST', body: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'validation_failed' });

    const wrongType = await authFetch('/signup', { method: 'POST', body: JSON.stringify({ email: 42, password: PASSWORD }) });
    expect(wrongType.status).toBe(400);

    const huge = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: uniqueEmail('huge'), password: PASSWORD, data: { blob: 'x'.repeat(2 * 1024 * 1024) } }),
    });
    expect(huge.status).toBe(413);

    const tokenBad = await authFetch('/token?grant_type=password', { method: 'POST', body: '[1,2' });
    expect(tokenBad.status).toBe(400);
    const unknownGrant = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(unknownGrant.status).toBe(400);
  });
});

describe('auth: PKCE e-mail flow', () => {
  function pkceClient() {
    const store = new Map<string, string>();
    return createClient(platformInfo().url, platformInfo().anonKey, {
      realtime: { transport: ws as never },
      auth: {
        flowType: 'pkce',
        persistSession: true,
        autoRefreshToken: false,
        detectSessionInUrl: false,
        storage: {
          getItem: (k) => store.get(k) ?? null,
          setItem: (k, v) => void store.set(k, v),
          removeItem: (k) => void store.delete(k),
        },
      },
    });
  }

  it('signs up with a code challenge, redirects with ?code= and exchanges it once', async () => {
    const email = uniqueEmail('pkce');
    const c = pkceClient();
    const { error } = await c.auth.signUp({ email, password: PASSWORD, options: { emailRedirectTo: `${SITE}/auth/callback?next=%2F` } });
    expect(error).toBeNull();
    const link = (await lastMail(email, 'signup')).links[0]!;
    expect(linkToken(link)).toMatch(/^pkce_/);
    const location = await follow(link);
    expect(location.hash).toBe('');
    expect(location.searchParams.get('next')).toBe('/');
    const code = location.searchParams.get('code');
    expect(code).toBeTruthy();

    const exchanged = await c.auth.exchangeCodeForSession(code!);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
    expect(exchanged.data.session?.refresh_token).toBeTruthy();
    const me = await c.auth.getUser();
    expect(me.data.user?.email_confirmed_at).toBeTruthy();

    // The code is single use.
    const raw = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
    });
    expect(raw.status).toBe(404);
    expect(await raw.json()).toMatchObject({ code: 'flow_state_not_found' });
  });

  it('refuses a wrong or empty code verifier', async () => {
    const email = uniqueEmail('pkcebad');
    const c = pkceClient();
    await c.auth.signUp({ email, password: PASSWORD });
    const code = (await follow((await lastMail(email, 'signup')).links[0]!)).searchParams.get('code')!;
    const empty = await authFetch('/token?grant_type=pkce', { method: 'POST', body: JSON.stringify({ auth_code: code, code_verifier: '' }) });
    expect(empty.status).toBe(400);
    const wrong = await authFetch('/token?grant_type=pkce', {
      method: 'POST',
      body: JSON.stringify({ auth_code: code, code_verifier: 'a'.repeat(112) }),
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: 'bad_code_verifier' });
    // The right verifier (kept by the client) still works after the failed attempt.
    const ok = await c.auth.exchangeCodeForSession(code);
    expect(ok.error).toBeNull();
  });

  it('puts errors for pkce_ tokens in the query and the fragment', async () => {
    const location = await follow(`${platformInfo().url}/auth/v1/verify?token=pkce_bogus&type=signup&redirect_to=${encodeURIComponent(SITE)}`);
    expect(location.searchParams.get('error_code')).toBe('otp_expired');
    expect(fragment(location).error_code).toBe('otp_expired');
  });

  it('recovers a password through PKCE and reports the recovery redirect type', async () => {
    const email = uniqueEmail('pkcerec');
    await serviceClient().auth.admin.createUser({ email, password: PASSWORD, email_confirm: true });
    const c = pkceClient();
    const events: string[] = [];
    c.auth.onAuthStateChange((e) => void events.push(e));
    const r = await c.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/reset` });
    expect(r.error).toBeNull();
    const code = (await follow((await lastMail(email, 'recovery')).links[0]!)).searchParams.get('code')!;
    const ex = await c.auth.exchangeCodeForSession(code);
    expect(ex.error).toBeNull();
    expect((ex.data as { redirectType?: string }).redirectType).toBe('recovery');
    expect(events).toContain('PASSWORD_RECOVERY');
    const upd = await c.auth.updateUser({ password: 'recovered-pass-9' });
    expect(upd.error).toBeNull();
    const signIn = await client().auth.signInWithPassword({ email, password: 'recovered-pass-9' });
    expect(signIn.error).toBeNull();
  });
});
