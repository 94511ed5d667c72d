/** Purchase fulfilment (idempotent, referral bonus once), quotes with discounts, staff actions. */
import { describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, credits, expectError, expectOk, listingRow } from '../support/db.ts';
import { makeCoupon, makeListing, makeUser } from '../support/factories.ts';

async function pkg(name: string) {
  const { data, error } = await admin().from('credit_packages').select('*').eq('name', name).single();
  if (error) throw error;
  return data;
}

describe('credit packages and settings', () => {
  it('hold DESIGN.md prices, readable anonymously', async () => {
    const { data } = await client().from('credit_packages').select('name, credits, price_cents, currency').in('name', ['Starter', 'Standard', 'Pro']).order('sort_order');
    expect(data).toEqual([
      { name: 'Starter', credits: 50, price_cents: 990, currency: 'EUR' },
      { name: 'Standard', credits: 120, price_cents: 1990, currency: 'EUR' },
      { name: 'Pro', credits: 300, price_cents: 4490, currency: 'EUR' },
    ]);
    const { data: s } = await client().from('settings').select('key, value');
    const map = Object.fromEntries(s!.map((r) => [r.key, r.value]));
    expect(map).toMatchObject({ listing_creation_cost: 10, listing_duration_days: 30, promotion_day_cost_per_day: 8,
      promotion_night_cost_per_day: 12, promotion_durations: [1, 3, 7, 14, 30], referral_bonus: 20, max_photos_per_listing: 5 });
  });
});

describe('fulfil_credit_purchase', () => {
  it('adds the package once per provider reference and pays the referral bonus only on the first purchase', async () => {
    const referrer = await makeUser({ credits: 0 });
    const { data: rp } = await admin().from('profiles').select('referral_code').eq('id', referrer.id).single();
    const referee = await makeUser({ credits: 0, metadata: { ref: rp!.referral_code.toLowerCase() } });
    const { data: link } = await admin().from('profiles').select('referred_by').eq('id', referee.id).single();
    expect(link!.referred_by).toBe(referrer.id);

    const starter = await pkg('Starter');
    const ref = `pay-${Date.now()}`;
    const args = { p_user_id: referee.id, p_package_id: starter.id, p_provider: 'stripe', p_provider_reference: ref };
    const first = expectOk<any>(await admin().rpc('fulfil_credit_purchase', args));
    expect(first).toMatchObject({ already_processed: false, credits: 50, balance: 50, referral_bonus_paid: true });
    const again = expectOk<any>(await admin().rpc('fulfil_credit_purchase', args));
    expect(again).toMatchObject({ already_processed: true, payment_id: first.payment_id });
    expect(await credits(referee.id)).toBe(50);
    expect(await credits(referrer.id)).toBe(20);

    const second = expectOk<any>(await admin().rpc('fulfil_credit_purchase', { ...args, p_provider_reference: `${ref}-2` }));
    expect(second.referral_bonus_paid).toBe(false);
    expect(await credits(referee.id)).toBe(100);
    expect(await credits(referrer.id)).toBe(20);

    const { data: tx } = await admin().from('credit_transactions').select('type, amount, package_name').eq('user_id', referee.id);
    expect(tx).toEqual([
      { type: 'purchase', amount: 50, package_name: 'Starter' },
      { type: 'purchase', amount: 50, package_name: 'Starter' },
    ]);
    const { data: bonus } = await admin().from('credit_transactions').select('type, amount').eq('user_id', referrer.id);
    expect(bonus).toEqual([{ type: 'referral_bonus', amount: 20 }]);
  });

  it('is not callable by users', async () => {
    const u = await makeUser({ credits: 0 });
    const starter = await pkg('Starter');
    const res = await u.client.rpc('fulfil_credit_purchase', { p_user_id: u.id, p_package_id: starter.id, p_provider: 'x', p_provider_reference: `self-${Date.now()}` });
    expect(res.error).not.toBeNull();
    expect(await credits(u.id)).toBe(0);
  });

  it('quote_credit_package applies the pending discount and fulfilment consumes it', async () => {
    const u = await makeUser();
    const { code } = await makeCoupon({ discount_type: 'percentage', discount_value: 10 });
    const std = await pkg('Standard');
    const plain = expectOk<any>(await u.client.rpc('quote_credit_package', { p_package_id: std.id }));
    expect(plain).toMatchObject({ price_cents: 1990, discount_cents: 0, amount_cents: 1990, coupon_id: null });
    expectOk(await u.client.rpc('apply_coupon', { p_code: code }));
    const q = expectOk<any>(await u.client.rpc('quote_credit_package', { p_package_id: std.id }));
    expect(q).toMatchObject({ price_cents: 1990, discount_cents: 199, amount_cents: 1791 });
    expectOk(await admin().rpc('fulfil_credit_purchase', { p_user_id: u.id, p_package_id: std.id, p_provider: 'stripe', p_provider_reference: `q-${Date.now()}`, p_amount_cents: q.amount_cents, p_coupon_id: q.coupon_id }));
    const after = expectOk<any>(await u.client.rpc('quote_credit_package', { p_package_id: std.id }));
    expect(after.discount_cents).toBe(0);
    expect(await credits(u.id)).toBe(120);
  });
});

describe('staff actions', () => {
  it('admin_adjust_credits: admin only, reason required, never below zero', async () => {
    const [adm, sup, u] = await Promise.all([makeUser({ role: 'admin' }), makeUser({ role: 'supporto' }), makeUser({ credits: 10 })]);
    expectError(await u.client.rpc('admin_adjust_credits', { p_user_id: u.id, p_amount: 100, p_reason: 'io' }), 'Operazione riservata allo staff.', '42501');
    expectError(await sup.client.rpc('admin_adjust_credits', { p_user_id: u.id, p_amount: 100, p_reason: 'x' }), 'Operazione riservata allo staff.', '42501');
    expectError(await adm.client.rpc('admin_adjust_credits', { p_user_id: u.id, p_amount: 5, p_reason: ' ' }), 'Indica il motivo della modifica.');
    expectError(await adm.client.rpc('admin_adjust_credits', { p_user_id: u.id, p_amount: -11, p_reason: 'rimborso' }), 'Il saldo non può diventare negativo.');
    expect(await credits(u.id)).toBe(10);
    expect(expectOk(await adm.client.rpc('admin_adjust_credits', { p_user_id: u.id, p_amount: -10, p_reason: 'storno' }))).toBe(0);
    expect(expectOk(await adm.client.rpc('admin_adjust_credits', { p_user_id: u.id, p_amount: 25, p_reason: 'omaggio' }))).toBe(25);
    const { data: tx } = await admin().from('credit_transactions').select('type, amount, description').eq('user_id', u.id).order('created_at');
    expect(tx).toEqual([
      { type: 'admin_adjustment', amount: -10, description: 'storno' },
      { type: 'admin_adjustment', amount: 25, description: 'omaggio' },
    ]);
  });

  it('admin_set_role: admin only, not on oneself', async () => {
    const [adm, sup, u] = await Promise.all([makeUser({ role: 'admin' }), makeUser({ role: 'supporto' }), makeUser()]);
    expectError(await sup.client.rpc('admin_set_role', { p_user_id: u.id, p_role: 'admin' }), 'Operazione riservata allo staff.', '42501');
    expectError(await u.client.rpc('admin_set_role', { p_user_id: u.id, p_role: 'admin' }), 'Operazione riservata allo staff.', '42501');
    expectError(await adm.client.rpc('admin_set_role', { p_user_id: adm.id, p_role: 'user' }), 'Non puoi modificare il tuo ruolo.');
    expectError(await adm.client.rpc('admin_set_role', { p_user_id: u.id, p_role: 'boss' }), 'Ruolo non valido.');
    expectOk(await adm.client.rpc('admin_set_role', { p_user_id: u.id, p_role: 'supporto' }));
    const { data } = await admin().from('profiles').select('role').eq('id', u.id).single();
    expect(data!.role).toBe('supporto');
  });

  it('admin_set_banned: staff ban users (listings paused), supporto cannot ban staff, unban restores the role', async () => {
    const [adm, sup, sup2, u] = await Promise.all([makeUser({ role: 'admin' }), makeUser({ role: 'supporto' }), makeUser({ role: 'supporto' }), makeUser()]);
    const l = await makeListing(u);
    expectError(await u.client.rpc('admin_set_banned', { p_user_id: sup.id, p_banned: true }), 'Operazione riservata allo staff.', '42501');
    expectError(await sup.client.rpc('admin_set_banned', { p_user_id: sup2.id, p_banned: true }), 'Solo un amministratore può bannare un membro dello staff.', '42501');
    expectOk(await sup.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: true, p_reason: 'spam' }));
    const { data: p1 } = await admin().from('profiles').select('role').eq('id', u.id).single();
    expect(p1!.role).toBe('banned');
    expect((await listingRow(l.id))!.is_paused).toBe(true);
    expect((await client().from('listings').select('id').eq('id', l.id)).data).toEqual([]);
    expectOk(await adm.client.rpc('admin_set_banned', { p_user_id: u.id, p_banned: false }));
    const { data: p2 } = await admin().from('profiles').select('role').eq('id', u.id).single();
    expect(p2!.role).toBe('user');
  });

  it('admin_delete_listing: staff only, notifies the owner', async () => {
    const [sup, u, other] = await Promise.all([makeUser({ role: 'supporto' }), makeUser(), makeUser()]);
    const l = await makeListing(u);
    expectError(await other.client.rpc('admin_delete_listing', { p_listing_id: l.id }), 'Operazione riservata allo staff.', '42501');
    expect(await listingRow(l.id)).not.toBeNull();
    expectOk(await sup.client.rpc('admin_delete_listing', { p_listing_id: l.id, p_reason: 'foto non conformi' }));
    expect(await listingRow(l.id)).toBeNull();
    const { data: n } = await u.client.from('admin_notifications').select('type, entity_id, message').eq('user_id', u.id);
    expect(n).toEqual([{ type: 'listing_removed', entity_id: l.id, message: 'Il tuo annuncio "Giulia, dolce e raffinata" è stato rimosso dallo staff: foto non conformi.' }]);
    expectError(await sup.client.rpc('admin_delete_listing', { p_listing_id: l.id }), 'Annuncio non trovato.');
  });
});
