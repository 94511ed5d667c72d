/** The profile trigger on auth.users: metadata, phone normalisation, referral code and link. */
import { describe, expect, it } from 'vitest';
import { normalizePhone } from '../../src/lib/contact.ts';
import { admin } from '../support/db.ts';
import { makeUser } from '../support/factories.ts';

describe('profiles', () => {
  it('are created from sign-up metadata with a referral code', async () => {
    const u = await makeUser({ metadata: { display_name: '  Giulia  ', phone: '333 123 4567', accepted_terms: true, age_confirmed: true } });
    const { data } = await u.client.from('profiles').select('*').eq('id', u.id).single();
    expect(data).toMatchObject({ id: u.id, email: u.email, display_name: 'Giulia', phone: '+393331234567', role: 'user', credits: 0, referred_by: null, push_enabled: false });
    expect(data!.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(data!.accepted_terms_at).not.toBeNull();
    expect(data!.age_confirmed_at).not.toBeNull();
  });

  it('turn a 00 prefix into +, drop invalid phones and unknown referral codes', async () => {
    const a = await makeUser({ metadata: { phone: '0041 79 123 45 67', ref: 'NOPE0000' } });
    const b = await makeUser({ metadata: { phone: 'chiamami', accepted_terms: 'forse' } });
    const { data } = await admin().from('profiles').select('id, phone, referred_by, accepted_terms_at').in('id', [a.id, b.id]);
    const byId = Object.fromEntries(data!.map((r) => [r.id, r]));
    expect(byId[a.id]).toMatchObject({ phone: '+41791234567', referred_by: null });
    expect(byId[b.id]).toMatchObject({ phone: null, accepted_terms_at: null });
  });

  it('store the phone the settings screen sends: normalised by the app\'s rule, the raw form refused', async () => {
    const u = await makeUser();
    const typed = '0039 347-987.65 43';
    const refused = await u.client.from('profiles').update({ phone: typed.replace(/\s/g, '') }).eq('id', u.id);
    expect(refused.error?.code).toBe('23514');
    const saved = await u.client.from('profiles').update({ phone: normalizePhone(typed) }).eq('id', u.id).select('phone').single();
    expect(saved.error).toBeNull();
    expect(saved.data!.phone).toBe('+393479876543');
  });

  it('follow e-mail changes of the auth user', async () => {
    const u = await makeUser();
    const next = `changed.${Date.now()}@example.test`;
    const { error } = await admin().auth.admin.updateUserById(u.id, { email: next, email_confirm: true });
    expect(error).toBeNull();
    const { data } = await admin().from('profiles').select('email').eq('id', u.id).single();
    expect(data!.email).toBe(next);
  });
});
