import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { client, serviceClient, signedInUser, uniqueEmail } from '../support/clients.ts';
import { startTestPlatform, type TestPlatform } from '../support/platform.ts';
import { follow, fragment, lastMail, mailsTo } from '../support/auth.ts';

describe('auth: magic links, resend and invitations', () => {
  it('signInWithOtp mails a magic link to a confirmed user', async () => {
    const { email, id } = await signedInUser();
    const c = client();
    const r = await c.auth.signInWithOtp({ email, options: { emailRedirectTo: 'http://127.0.0.1:4173/entra' } });
    expect(r.error).toBeNull();
    const mail = await lastMail(email, 'magiclink');
    const location = await follow(mail.links[0]!);
    expect(location.pathname).toBe('/entra');
    const f = fragment(location);
    expect(f.type).toBe('magiclink');
    await c.auth.setSession({ access_token: f.access_token!, refresh_token: f.refresh_token! });
    expect((await c.auth.getUser()).data.user?.id).toBe(id);
  });

  it('signInWithOtp for a new address creates the user and mails a confirmation, unless shouldCreateUser is false', async () => {
    const email = uniqueEmail('otpnew');
    // No error either way (an error would tell who has an account), but no user and no mail.
    const refused = await client().auth.signInWithOtp({ email, options: { shouldCreateUser: false } });
    expect(refused.error).toBeNull();
    expect(await mailsTo(email)).toEqual([]);
    const r = await client().auth.signInWithOtp({ email, options: { data: { src: 'otp' } } });
    expect(r.error).toBeNull();
    const mail = await lastMail(email, 'signup');
    const f = fragment(await follow(mail.links[0]!));
    const c = client();
    await c.auth.setSession({ access_token: f.access_token!, refresh_token: f.refresh_token! });
    const me = await c.auth.getUser();
    expect(me.data.user?.email_confirmed_at).toBeTruthy();
    expect(me.data.user?.user_metadata).toEqual({ src: 'otp' });
  });

  it('resend mails a fresh confirmation only to unconfirmed users', async () => {
    const email = uniqueEmail('resend');
    await client().auth.signUp({ email, password: 'resend-pass-1' });
    expect(await mailsTo(email)).toHaveLength(1);
    const r = await client().auth.resend({ type: 'signup', email });
    expect(r.error).toBeNull();
    expect(await mailsTo(email)).toHaveLength(2);
    const { email: confirmed } = await signedInUser();
    expect((await client().auth.resend({ type: 'signup', email: confirmed })).error).toBeNull();
    expect(await mailsTo(confirmed)).toEqual([]);
    const unknown = uniqueEmail('nobody');
    expect((await client().auth.resend({ type: 'signup', email: unknown })).error).toBeNull();
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('invites a user (service role only) who then sets a password', async () => {
    const email = uniqueEmail('invited');
    const anon = await client().auth.admin.inviteUserByEmail(email);
    expect(anon.error?.code).toBe('not_admin');
    const inv = await serviceClient().auth.admin.inviteUserByEmail(email, { data: { invited: true } });
    expect(inv.error).toBeNull();
    expect(inv.data.user?.email).toBe(email);
    const mail = await lastMail(email, 'invite');
    const f = fragment(await follow(mail.links[0]!));
    expect(f.type).toBe('invite');
    const c = client();
    await c.auth.setSession({ access_token: f.access_token!, refresh_token: f.refresh_token! });
    expect((await c.auth.updateUser({ password: 'invited-pass-1' })).error).toBeNull();
    expect((await client().auth.signInWithPassword({ email, password: 'invited-pass-1' })).error).toBeNull();
    const again = await serviceClient().auth.admin.inviteUserByEmail(email);
    expect(again.error?.code).toBe('email_exists');
  });
});

describe('auth: a project without e-mail confirmations', () => {
  let t: TestPlatform;
  let dir: string;
  let c: () => SupabaseClient;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'auth-autoconfirm-'));
    const toml = readFileSync(join(import.meta.dirname, 'fixture', 'config.toml'), 'utf8')
      .replace('enable_confirmations = true', 'enable_confirmations = false')
      .replace('double_confirm_changes = true', 'double_confirm_changes = false')
      .replace(/\n\[functions[\s\S]*$/, '\n');
    writeFileSync(join(dir, 'config.toml'), toml);
    t = await startTestPlatform({ supabaseDir: dir, cron: false });
    c = () =>
      createClient(t.info.url, t.info.anonKey, {
        realtime: { transport: ws as never },
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });
  });
  afterAll(async () => {
    await t?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('signs up straight into a session and refuses a second sign-up', async () => {
    const email = uniqueEmail('auto');
    const s = await c().auth.signUp({ email, password: 'autoconfirm-1', options: { data: { a: 1 } } });
    expect(s.error).toBeNull();
    expect(s.data.session?.access_token).toBeTruthy();
    expect(s.data.user?.email_confirmed_at).toBeTruthy();
    expect(s.data.user?.user_metadata).toEqual({ a: 1 });
    const settings = await (await fetch(`${t.info.url}/auth/v1/settings`, { headers: { apikey: t.info.anonKey } })).json();
    expect(settings.mailer_autoconfirm).toBe(true);
    const dup = await c().auth.signUp({ email, password: 'autoconfirm-1' });
    expect(dup.error?.code).toBe('user_already_exists');
    expect(dup.error?.status).toBe(422);
    const mails = await (await fetch(`${t.info.url}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json();
    expect(mails).toEqual([]);
  });

  it('changes the e-mail at once when double confirmation is off', async () => {
    const email = uniqueEmail('autoch');
    const k = c();
    await k.auth.signUp({ email, password: 'autoconfirm-2' });
    const next = uniqueEmail('autoch-new');
    const r = await k.auth.updateUser({ email: next });
    expect(r.error).toBeNull();
    expect(r.data.user?.email).toBe(next);
    expect((await c().auth.signInWithPassword({ email: next, password: 'autoconfirm-2' })).error).toBeNull();
  });
});
