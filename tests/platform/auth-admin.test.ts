import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { client, platformInfo, serviceClient, signedInUser, uniqueEmail } from '../support/clients.ts';
import { verifyPassword } from '../../supabase/local/src/auth/users.ts';
import { authFetch, follow, fragment } from '../support/auth.ts';

describe('auth admin API', () => {
  it('creates a confirmed user with metadata who can sign in at once', async () => {
    const admin = serviceClient();
    const email = uniqueEmail('admin');
    const { data, error } = await admin.auth.admin.createUser({
      email,
      password: 'admin-made-1',
      email_confirm: true,
      user_metadata: { name: 'Lucia' },
      app_metadata: { plan: 'pro' },
    });
    expect(error).toBeNull();
    const u = data.user!;
    expect(u.email).toBe(email);
    expect(u.email_confirmed_at).toBeTruthy();
    expect(u.user_metadata).toEqual({ name: 'Lucia' });
    expect(u.app_metadata).toEqual({ provider: 'email', providers: ['email'], plan: 'pro' });
    expect(u.identities).toHaveLength(1);
    const s = await client().auth.signInWithPassword({ email, password: 'admin-made-1' });
    expect(s.error).toBeNull();
    expect(s.data.user!.app_metadata.plan).toBe('pro');
  });

  it('creates unconfirmed users (sign-in refused), with a chosen id, and refuses duplicates', async () => {
    const admin = serviceClient();
    const email = uniqueEmail('unconf');
    const id = randomUUID();
    const { data, error } = await admin.auth.admin.createUser({ id, email, password: 'unconfirmed-1' });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(id);
    expect(data.user!.email_confirmed_at ?? null).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'unconfirmed-1' })).error?.code).toBe('email_not_confirmed');
    const dup = await admin.auth.admin.createUser({ email: email.toUpperCase(), password: 'unconfirmed-1' });
    expect(dup.error?.code).toBe('email_exists');
    expect(dup.error?.status).toBe(422);
    const weak = await admin.auth.admin.createUser({ email: uniqueEmail('weak'), password: 'x' });
    expect(weak.error?.code).toBe('weak_password');
    const bad = await admin.auth.admin.createUser({ email: 'bad-address', password: 'good-password-1' });
    expect(bad.error?.status).toBe(400);
    const badBan = await admin.auth.admin.createUser({ email: uniqueEmail('ban'), password: 'good-password-1', ban_duration: 'forever' });
    expect(badBan.error?.code).toBe('validation_failed');
  });

  it('gets, updates and deletes a user by id', async () => {
    const admin = serviceClient();
    const { id, email, session } = await signedInUser({ metadata: { a: 1 } });
    const got = await admin.auth.admin.getUserById(id);
    expect(got.error).toBeNull();
    expect(got.data.user!.email).toBe(email);

    const upd = await admin.auth.admin.updateUserById(id, {
      user_metadata: { b: 2 },
      app_metadata: { role_hint: 'moderator' },
      password: 'admin-reset-pass-1',
    });
    expect(upd.error).toBeNull();
    expect(upd.data.user!.user_metadata).toEqual({ a: 1, b: 2 });
    expect(upd.data.user!.app_metadata).toMatchObject({ provider: 'email', role_hint: 'moderator' });
    expect((await client().auth.signInWithPassword({ email, password: 'admin-reset-pass-1' })).error).toBeNull();

    const del = await admin.auth.admin.deleteUser(id);
    expect(del.error).toBeNull();
    const gone = await admin.auth.admin.getUserById(id);
    expect(gone.error?.status).toBe(404);
    expect(gone.error?.code).toBe('user_not_found');
    expect((await client().auth.signInWithPassword({ email, password: 'admin-reset-pass-1' })).error?.code).toBe('invalid_credentials');
    // Sessions went with the user.
    const r = await authFetch('/token?grant_type=refresh_token', { method: 'POST', body: JSON.stringify({ refresh_token: session.refresh_token }) });
    expect(r.status).toBe(400);
    const me = await authFetch('/user', { token: session.access_token });
    expect(me.status).toBe(403);

    const raw = await authFetch(`/admin/users/${id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${platformInfo().serviceRoleKey}` },
      body: JSON.stringify({ should_soft_delete: false }),
    });
    expect(raw.status).toBe(404);
    const okDelete = await serviceClient().auth.admin.createUser({ email: uniqueEmail('del'), password: 'delete-me-123' });
    const res = await authFetch(`/admin/users/${okDelete.data.user!.id}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${platformInfo().serviceRoleKey}` },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({});
  });

  it('lists users with X-Total-Count and a Link header supabase-js can parse', async () => {
    const admin = serviceClient();
    await signedInUser();
    await signedInUser();
    await signedInUser();
    const page1 = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    expect(page1.error).toBeNull();
    expect(page1.data.users).toHaveLength(2);
    const total = (page1.data as unknown as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(3);
    expect((page1.data as unknown as { nextPage: number | null }).nextPage).toBe(2);
    expect((page1.data as unknown as { aud: string }).aud).toBe('authenticated');
    const page2 = await admin.auth.admin.listUsers({ page: 2, perPage: 2 });
    expect(page2.data.users).toHaveLength(2);

    const res = await authFetch('/admin/users?page=1&per_page=2', { headers: { authorization: `Bearer ${platformInfo().serviceRoleKey}` } });
    expect(Number(res.headers.get('x-total-count'))).toBeGreaterThanOrEqual(total);
    expect(res.headers.get('link')).toMatch(/^<\/admin\/users\?page=2&per_page=2>; rel="next", <\/admin\/users\?page=\d+&per_page=2>; rel="last"$/);
    const all = await admin.auth.admin.listUsers();
    expect(all.data.users.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses admin calls without the service-role key', async () => {
    const anon = client();
    const r1 = await anon.auth.admin.listUsers();
    expect(r1.error?.status).toBe(403);
    expect(r1.error?.code).toBe('not_admin');
    const { client: userClient, id } = await signedInUser();
    const token = (await userClient.auth.getSession()).data.session!.access_token;
    const r2 = await authFetch(`/admin/users/${id}`, { token });
    expect(r2.status).toBe(403);
    expect(await r2.json()).toMatchObject({ code: 'not_admin' });
    const r3 = await authFetch('/admin/users', { method: 'POST', body: JSON.stringify({ email: uniqueEmail(), password: 'x-password-1' }) });
    expect(r3.status).toBe(403);
    const r4 = await authFetch(`/admin/users/${id}`, { method: 'DELETE', token });
    expect(r4.status).toBe(403);
    expect((await serviceClient().auth.admin.getUserById(id)).data.user?.id).toBe(id);
  });

  it('generates links without sending mail', async () => {
    const admin = serviceClient();
    const { email } = await signedInUser();
    const { data, error } = await admin.auth.admin.generateLink({ type: 'magiclink', email, options: { redirectTo: 'http://127.0.0.1:4173/x' } });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(email);
    expect(data.properties!.verification_type).toBe('magiclink');
    expect(data.properties!.email_otp).toMatch(/^\d{6}$/);
    const location = await follow(data.properties!.action_link);
    expect(location.pathname).toBe('/x');
    expect(fragment(location).type).toBe('magiclink');
    const unknown = await admin.auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('nobody') });
    expect(unknown.error?.status).toBe(404);
  });
});

describe('auth: seeded users', () => {
  it("accepts pgcrypto crypt(pw, gen_salt('bf')) hashes", async () => {
    const seeded = '$2a$06$PdN02iOAC2Gt153gKusTIeWX1XhZ8HEr.Qit.0lK8vEoLRf0zfpme'; // crypt('seed-password-1', gen_salt('bf'))
    expect(await verifyPassword('seed-password-1', seeded)).toBe(true);
    expect(await verifyPassword('seed-password-2', seeded)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
  });

  it('signs in a user whose password hash was set by admin password_hash (seed-style)', async () => {
    const email = uniqueEmail('seeded');
    const created = await serviceClient().auth.admin.createUser({
      email,
      email_confirm: true,
      password_hash: '$2a$06$PdN02iOAC2Gt153gKusTIeWX1XhZ8HEr.Qit.0lK8vEoLRf0zfpme',
    });
    expect(created.error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'seed-password-1' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'seed-password-2' })).error?.code).toBe('invalid_credentials');
  });
});
