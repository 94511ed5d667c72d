import { describe, expect, it } from 'vitest';
import { SignJWT, decodeJwt } from 'jose';
import { client, platformInfo, serviceClient, signedInUser, uniqueEmail } from '../support/clients.ts';
import { authFetch } from '../support/auth.ts';

const refresh = (refresh_token: string) =>
  authFetch('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token }) });

describe('auth: password sign-in and the access token', () => {
  it('signs in and mints GoTrue claims', async () => {
    const { session, id, email } = await signedInUser({ metadata: { city: 'Torino' } });
    expect(session.token_type).toBe('bearer');
    expect(session.expires_in).toBe(3600);
    expect(session.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session.user.id).toBe(id);
    expect(session.user.last_sign_in_at).toBeTruthy();
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      phone: '',
      is_anonymous: false,
      aal: 'aal1',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { city: 'Torino' },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(typeof claims.session_id).toBe('string');
    const amr = claims.amr as { method: string; timestamp: number }[];
    expect(amr[0]!.method).toBe('password');
    expect(Math.abs(amr[0]!.timestamp - Date.now() / 1000)).toBeLessThan(60);
  });

  it('refuses a wrong password and an unknown e-mail alike', async () => {
    const { email } = await signedInUser();
    const wrong = await client().auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.status).toBe(400);
    expect(wrong.error?.message).toBe('Invalid login credentials');
    const unknown = await client().auth.signInWithPassword({ email: uniqueEmail('ghost'), password: 'whatever-1' });
    expect(unknown.error?.code).toBe('invalid_credentials');
    // E-mail matching is case-insensitive.
    const upper = await client().auth.signInWithPassword({ email: email.toUpperCase(), password: 'password-123' });
    expect(upper.error).toBeNull();
  });

  it('GET /user returns the user for a valid token', async () => {
    const { client: c, id, email } = await signedInUser();
    const { data, error } = await c.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id, email, aud: 'authenticated', role: 'authenticated', is_anonymous: false });
    expect(data.user!.identities![0]).toMatchObject({ provider: 'email', user_id: id, id });
    expect(data.user!.created_at).toMatch(/Z$/);
  });

  it('refuses forged, expired, anon and garbage tokens on GET /user', async () => {
    const { session, id } = await signedInUser();
    const claims = decodeJwt(session.access_token);
    const forged = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('not-the-secret-at-all-0123456789'));
    const r1 = await client().auth.getUser(forged);
    expect(r1.error?.status).toBe(403);
    expect(r1.error?.code).toBe('bad_jwt');

    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ ...claims, iat: now - 7200, exp: now - 3600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(platformInfo().jwtSecret));
    const r2 = await client().auth.getUser(expired);
    expect(r2.error?.code).toBe('bad_jwt');
    expect(r2.error?.message).toMatch(/expired/);

    // A correctly signed token still works (the check above is not just "any other token fails").
    const fresh = await new SignJWT({ ...claims, iat: now, exp: now + 600 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(platformInfo().jwtSecret));
    const r3 = await client().auth.getUser(fresh);
    expect(r3.error).toBeNull();
    expect(r3.data.user?.id).toBe(id);

    const anon = await authFetch('/user');
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ code: 'bad_jwt' });
    const garbage = await authFetch('/user', { token: 'garbage' });
    expect(garbage.status).toBe(403);
    const none = await fetch(`${platformInfo().url}/auth/v1/user`);
    expect(none.status).toBe(401);
  });
});

describe('auth: refresh tokens', () => {
  it('rotates, allows reuse of the just-rotated token within the interval, and keeps the session', async () => {
    const { client: c, session } = await signedInUser();
    const first = session.refresh_token;
    const r = await c.auth.refreshSession();
    expect(r.error).toBeNull();
    const second = r.data.session!.refresh_token;
    expect(second).not.toBe(first);
    expect(decodeJwt(r.data.session!.access_token).session_id).toBe(decodeJwt(session.access_token).session_id);

    // Another tab still holding the old token gets the current one, not an error.
    const reuse = await refresh(first);
    expect(reuse.status).toBe(200);
    const body = (await reuse.json()) as { refresh_token: string; access_token: string; user: { id: string } };
    expect(body.refresh_token).toBe(second);
    expect(body.user.id).toBe(session.user.id);

    const next = await refresh(second);
    expect(next.status).toBe(200);
    const third = ((await next.json()) as { refresh_token: string }).refresh_token;
    expect(third).not.toBe(second);

    const unknown = await refresh('definitely-not-a-token');
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'refresh_token_not_found' });
    expect(unknown.headers.get('x-supabase-api-version')).toBe('2024-01-01');
  });

  it('refuses a rotated token after the reuse interval and revokes the session', async () => {
    const { session } = await signedInUser();
    const first = session.refresh_token;
    const rotated = await refresh(first);
    expect(rotated.status).toBe(200);
    const second = ((await rotated.json()) as { refresh_token: string }).refresh_token;
    await new Promise((r) => setTimeout(r, 11_000)); // refresh_token_reuse_interval = 10
    const late = await refresh(first);
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({ code: 'refresh_token_already_used' });
    // Replay detected: the whole session is revoked.
    const after = await refresh(second);
    expect(after.status).toBe(400);
  }, 25_000);
});

describe('auth: sign-out scopes', () => {
  it('local sign-out ends only that session', async () => {
    const { email, password } = await signedInUser();
    const a = client();
    const b = client();
    const sa = (await a.auth.signInWithPassword({ email, password })).data.session!;
    const sb = (await b.auth.signInWithPassword({ email, password })).data.session!;
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await a.auth.getSession()).data.session).toBeNull();
    const ra = await refresh(sa.refresh_token);
    expect(ra.status).toBe(400);
    expect(await ra.json()).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await refresh(sb.refresh_token)).status).toBe(200);
    // The signed-out access token no longer reaches /user: its session is gone.
    const me = await authFetch('/user', { token: sa.access_token });
    expect(me.status).toBe(403);
    expect(await me.json()).toMatchObject({ code: 'session_not_found' });
    expect((await authFetch('/user', { token: sb.access_token })).status).toBe(200);
  });

  it('global sign-out ends every session of the user', async () => {
    const { client: a, session: sa, email, password } = await signedInUser();
    const b = client();
    const sb = (await b.auth.signInWithPassword({ email, password })).data.session!;
    expect((await a.auth.signOut()).error).toBeNull();
    expect((await refresh(sa.refresh_token)).status).toBe(400);
    expect((await refresh(sb.refresh_token)).status).toBe(400);
    const r = await b.auth.getUser();
    expect(r.error?.name).toBe('AuthSessionMissingError');
  });

  it('others sign-out keeps only the caller', async () => {
    const { client: a, session: sa, email, password } = await signedInUser();
    const sb = (await client().auth.signInWithPassword({ email, password })).data.session!;
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await refresh(sb.refresh_token)).status).toBe(400);
    expect((await refresh(sa.refresh_token)).status).toBe(200);
    const bad = await authFetch('/logout?scope=everything', { method: 'POST', token: sa.access_token });
    expect(bad.status).toBe(400);
    const noToken = await authFetch('/logout', { method: 'POST' });
    expect(noToken.status).toBeGreaterThanOrEqual(400);
  });
});

describe('auth: bans', () => {
  it('a banned user cannot sign in or refresh; unbanning restores sign-in', async () => {
    const { id, email, password, session } = await signedInUser();
    const admin = serviceClient();
    const ban = await admin.auth.admin.updateUserById(id, { ban_duration: '24h' });
    expect(ban.error).toBeNull();
    const until = new Date(ban.data.user!.banned_until!).getTime();
    expect(until).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(until).toBeLessThan(Date.now() + 25 * 3600_000);

    const signIn = await client().auth.signInWithPassword({ email, password });
    expect(signIn.error?.code).toBe('user_banned');
    expect(signIn.error?.status).toBe(400);
    const r = await refresh(session.refresh_token);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'user_banned' });

    const unban = await admin.auth.admin.updateUserById(id, { ban_duration: 'none' });
    expect(unban.error).toBeNull();
    expect(unban.data.user!.banned_until ?? null).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password })).error).toBeNull();
  });

  it('a refresh token stops working when its user is banned later', async () => {
    const { id, session } = await signedInUser();
    expect((await refresh(session.refresh_token)).status).toBe(200);
    const second = await refresh(session.refresh_token); // reuse window: still fine before the ban
    expect(second.status).toBe(200);
    const banned = await serviceClient().auth.admin.updateUserById(id, { ban_duration: '876000h' });
    expect(new Date(banned.data.user!.banned_until!).getFullYear()).toBeGreaterThan(new Date().getFullYear() + 90);
    const r = await refresh(((await second.json()) as { refresh_token: string }).refresh_token);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ code: 'user_banned' });
  });
});
