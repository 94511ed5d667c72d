import { describe, expect, it } from 'vitest';
import { client, platformInfo, signedInUser, uniqueEmail } from '../support/clients.ts';
import { authFetch, follow, fragment, lastMail, linkToken, mailsTo } from '../support/auth.ts';

const SITE = 'http://127.0.0.1:4173';

describe('auth: PUT /user', () => {
  it('changes the password; the old one stops working and other sessions end', async () => {
    const { client: c, email, password } = await signedInUser();
    const other = client();
    const otherSession = (await other.auth.signInWithPassword({ email, password })).data.session!;
    const same = await c.auth.updateUser({ password });
    expect(same.error?.code).toBe('same_password');
    expect(same.error?.status).toBe(422);
    const weak = await c.auth.updateUser({ password: 'tiny' });
    expect(weak.error?.code).toBe('weak_password');

    const upd = await c.auth.updateUser({ password: 'brand-new-pass-7' });
    expect(upd.error).toBeNull();
    expect(upd.data.user?.email).toBe(email);
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await client().auth.signInWithPassword({ email, password: 'brand-new-pass-7' })).error).toBeNull();
    // The caller's session survives, the other one is gone.
    expect((await c.auth.getUser()).error).toBeNull();
    const r = await authFetch('/token?grant_type=refresh_token', {
      method: 'POST',
      body: JSON.stringify({ refresh_token: otherSession.refresh_token }),
    });
    expect(r.status).toBe(400);
  });

  it('merges data into user_metadata (null removes a key)', async () => {
    const { client: c } = await signedInUser({ metadata: { name: 'Anna', city: 'Roma' } });
    const r1 = await c.auth.updateUser({ data: { city: 'Milano', age: 30 } });
    expect(r1.error).toBeNull();
    expect(r1.data.user!.user_metadata).toEqual({ name: 'Anna', city: 'Milano', age: 30 });
    const r2 = await c.auth.updateUser({ data: { age: null } });
    expect(r2.data.user!.user_metadata).toEqual({ name: 'Anna', city: 'Milano' });
    const me = await c.auth.getUser();
    expect(me.data.user!.user_metadata).toEqual({ name: 'Anna', city: 'Milano' });
    // The next access token carries the new metadata.
    const refreshed = await c.auth.refreshSession();
    expect(refreshed.data.user!.user_metadata).toEqual({ name: 'Anna', city: 'Milano' });
  });

  it('changes the e-mail only after the new address confirms', async () => {
    const { client: c, email, password, id } = await signedInUser();
    const next = uniqueEmail('moved');
    const upd = await c.auth.updateUser({ email: next }, { emailRedirectTo: `${SITE}/profilo` });
    expect(upd.error).toBeNull();
    expect(upd.data.user!.email).toBe(email);
    expect(upd.data.user!.new_email).toBe(next);
    expect(upd.data.user!.email_change_sent_at).toBeTruthy();

    const mail = await lastMail(next, 'email_change');
    expect(mail.subject).toBe('Conferma il cambio di e-mail');
    expect((await mailsTo(email)).filter((m) => m.type === 'email_change')).toHaveLength(0);
    // Still the old address until the link is followed.
    expect((await client().auth.signInWithPassword({ email: next, password })).error?.code).toBe('invalid_credentials');

    const location = await follow(mail.links[0]!);
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/profilo`);
    expect(fragment(location).type).toBe('email_change');

    const me = await c.auth.getUser();
    expect(me.data.user!.email).toBe(next);
    expect(me.data.user!.new_email ?? null).toBeNull();
    expect(me.data.user!.identities![0]!.identity_data!.email).toBe(next);
    const signIn = await client().auth.signInWithPassword({ email: next, password });
    expect(signIn.error).toBeNull();
    expect(signIn.data.user!.id).toBe(id);
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
  });

  it('refuses an e-mail change to an address already taken, and bad input', async () => {
    const { client: c } = await signedInUser();
    const { email: taken } = await signedInUser();
    const r = await c.auth.updateUser({ email: taken });
    expect(r.error?.code).toBe('email_exists');
    expect(r.error?.status).toBe(422);
    const bad = await c.auth.updateUser({ email: 'nope' });
    expect(bad.error?.code).toBe('validation_failed');
    const token = (await c.auth.getSession()).data.session!.access_token;
    const malformed = await authFetch('/user', { method: 'PUT', body: '{oops', token });
    expect(malformed.status).toBe(400);
    const anon = await authFetch('/user', { method: 'PUT', body: JSON.stringify({ data: { x: 1 } }) });
    expect(anon.status).toBe(403);
  });
});

describe('auth: password recovery', () => {
  it('always answers 200 {} and mails only existing users', async () => {
    const ghost = uniqueEmail('ghost');
    const res = await authFetch('/recover', { method: 'POST', body: JSON.stringify({ email: ghost }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
    expect(await mailsTo(ghost)).toEqual([]);
    const r = await client().auth.resetPasswordForEmail(ghost);
    expect(r.error).toBeNull();
    const bad = await client().auth.resetPasswordForEmail('not-an-email');
    expect(bad.error?.code).toBe('validation_failed');
  });

  it('recovers via verifyOtp({token_hash, type:"recovery"}) then updateUser', async () => {
    const { email, password } = await signedInUser();
    const c = client();
    const events: string[] = [];
    c.auth.onAuthStateChange((e) => void events.push(e));
    expect((await c.auth.resetPasswordForEmail(email, { redirectTo: `${SITE}/reimposta` })).error).toBeNull();
    const mail = await lastMail(email, 'recovery');
    expect(mail.subject).toBe('Reimposta la password');
    const link = new URL(mail.links[0]!);
    expect(link.searchParams.get('type')).toBe('recovery');
    expect(link.searchParams.get('redirect_to')).toBe(`${SITE}/reimposta`);

    const wrongType = await c.auth.verifyOtp({ token_hash: linkToken(link.href), type: 'email' });
    expect(wrongType.error?.code).toBe('otp_expired');
    const v = await c.auth.verifyOtp({ token_hash: linkToken(link.href), type: 'recovery' });
    expect(v.error).toBeNull();
    expect(events).toContain('PASSWORD_RECOVERY');
    expect(decodeAmr(v.data.session!.access_token)).toBe('recovery');
    const upd = await c.auth.updateUser({ password: 'after-recovery-1' });
    expect(upd.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await client().auth.signInWithPassword({ email, password: 'after-recovery-1' })).error).toBeNull();
    // The recovery link is now spent.
    expect(fragment(await follow(link.href)).error_code).toBe('otp_expired');
  });

  it('recovers via the implicit link (#access_token…&type=recovery)', async () => {
    const { email } = await signedInUser();
    await client().auth.resetPasswordForEmail(email);
    const location = await follow((await lastMail(email, 'recovery')).links[0]!);
    expect(location.origin).toBe(SITE);
    const f = fragment(location);
    expect(f.type).toBe('recovery');
    const c = client();
    expect((await c.auth.setSession({ access_token: f.access_token!, refresh_token: f.refresh_token! })).error).toBeNull();
    expect((await c.auth.updateUser({ password: 'implicit-recovered-2' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'implicit-recovered-2' })).error).toBeNull();
  });

  it('a newer recovery mail invalidates the older link', async () => {
    const { email } = await signedInUser();
    await client().auth.resetPasswordForEmail(email);
    const older = (await lastMail(email, 'recovery')).links[0]!;
    await client().auth.resetPasswordForEmail(email);
    const newer = (await lastMail(email, 'recovery')).links[0]!;
    expect(newer).not.toBe(older);
    expect(fragment(await follow(older)).error_code).toBe('otp_expired');
    expect(fragment(await follow(newer)).access_token).toBeTruthy();
  });
});

function decodeAmr(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { amr: { method: string }[] };
  return payload.amr[0]!.method;
}

describe('auth: settings, health and the dev outbox', () => {
  it('serves /settings and /health', async () => {
    const s = await authFetch('/settings');
    expect(s.status).toBe(200);
    expect(await s.json()).toMatchObject({ external: { email: true }, disable_signup: false, mailer_autoconfirm: false });
    const h = await authFetch('/health');
    expect(h.status).toBe(200);
    expect(await h.json()).toMatchObject({ name: 'GoTrue' });
    const missing = await authFetch('/nowhere');
    expect(missing.status).toBe(404);
  });

  it('lists mails newest first as HTML with clickable links', async () => {
    const email = uniqueEmail('outbox');
    await client().auth.signUp({ email, password: 'outbox-pass-1' });
    await client().auth.resetPasswordForEmail(email);
    const json = await mailsTo(email);
    expect(json.map((m) => m.type)).toEqual(['recovery', 'signup']);
    expect(json[0]!.to).toBe(email);
    expect(json[0]!.html).toContain('<a href=');
    expect(json[0]!.created_at).toMatch(/Z$/);
    const res = await fetch(`${platformInfo().url}/_dev/mail?to=${encodeURIComponent(email)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const html = await res.text();
    expect(html).toContain(email);
    expect(html).toContain('Reimposta la password');
    expect(html.indexOf('Reimposta la password')).toBeLessThan(html.indexOf('Conferma la tua registrazione'));
    expect(html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=/);
  });
});
