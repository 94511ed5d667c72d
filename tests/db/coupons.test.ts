/** apply_coupon: its status order, once per user, max_uses, expiry, target user, credit vs discount. */
import { describe, expect, it } from 'vitest';
import { admin, credits, expectError, expectOk } from '../support/db.ts';
import { makeCoupon, makeUser } from '../support/factories.ts';

describe('apply_coupon', () => {
  it('a credit coupon adds credits at once (coupon_credit_add) and answers like the apply-coupon function', async () => {
    const u = await makeUser({ credits: 5 });
    const c = await makeCoupon({ discount_value: 30 });
    const r = expectOk<any>(await u.client.rpc('apply_coupon', { p_code: `  ${c.code.toLowerCase()} ` }));
    expect(r).toMatchObject({ message: 'Hai ricevuto 30 crediti!', discountType: 'credits', discountValue: 30, couponId: c.id, couponType: 'single_use' });
    expect(await credits(u.id)).toBe(35);
    const { data: tx } = await admin().from('credit_transactions').select('type, amount').eq('user_id', u.id);
    expect(tx).toEqual([{ type: 'coupon_credit_add', amount: 30 }]);
    const { data: cc } = await admin().from('coupons').select('usage_count').eq('id', c.id).single();
    expect(cc!.usage_count).toBe(1);
    const { data: used } = await admin().from('used_coupons').select('coupon_id').eq('user_id', u.id);
    expect(used).toEqual([{ coupon_id: c.id }]);
  });

  it('a discount coupon is recorded for the next purchase/promotion without credits', async () => {
    const u = await makeUser({ credits: 0 });
    const c = await makeCoupon({ discount_type: 'flat_amount', discount_value: 5, type: 'reusable' });
    const r = expectOk<any>(await u.client.rpc('apply_coupon', { p_code: c.code }));
    expect(r).toMatchObject({ message: 'Coupon applicato con successo!', discountType: 'flat_amount', discountValue: 5, couponType: 'reusable' });
    expect(await credits(u.id)).toBe(0);
    const { data: uc } = await u.client.from('user_coupons').select('coupon_id, consumed_at, coupons(code)').eq('user_id', u.id);
    expect(uc).toEqual([{ coupon_id: c.id, consumed_at: null, coupons: { code: c.code } }]);
  });

  it('empty and unknown codes', async () => {
    const u = await makeUser();
    expectError(await u.client.rpc('apply_coupon', { p_code: '   ' }), 'Inserisci un codice coupon.', 'P0001');
    expectError(await u.client.rpc('apply_coupon', { p_code: 'NON-ESISTE-XYZ' }), 'Codice coupon non valido.', 'P0001');
  });

  it('checks the statuses in order: inactive, expired, used, maxed out, not applicable', async () => {
    const u = await makeUser({ credits: 0 });
    const other = await makeUser();
    const past = new Date(Date.now() - 1000).toISOString();
    // inactive wins over everything else
    const all = await makeCoupon({ is_active: false, expires_at: past, max_uses: 1, applies_to_user_id: other.id });
    await admin().from('coupons').update({ usage_count: 1 }).eq('id', all.id);
    expectError(await u.client.rpc('apply_coupon', { p_code: all.code }), 'Questo coupon non è attivo.');
    // expired before maxed out / not applicable
    const exp = await makeCoupon({ expires_at: past, max_uses: 1, applies_to_user_id: other.id, type: 'reusable' });
    await admin().from('coupons').update({ usage_count: 1 }).eq('id', exp.id);
    expectError(await u.client.rpc('apply_coupon', { p_code: exp.code }), 'Questo coupon è scaduto.');
    // used (single_use, by this user) before maxed out
    const once = await makeCoupon({ max_uses: 1 });
    expectOk(await u.client.rpc('apply_coupon', { p_code: once.code }));
    expectError(await u.client.rpc('apply_coupon', { p_code: once.code }), 'Hai già utilizzato questo coupon.');
    // maxed out before not applicable
    const max = await makeCoupon({ type: 'reusable', max_uses: 2, applies_to_user_id: other.id });
    await admin().from('coupons').update({ usage_count: 2 }).eq('id', max.id);
    expectError(await u.client.rpc('apply_coupon', { p_code: max.code }), 'Questo coupon ha raggiunto il numero massimo di utilizzi.');
    const mine = await makeCoupon({ applies_to_user_id: other.id });
    expectError(await u.client.rpc('apply_coupon', { p_code: mine.code }), 'Questo coupon non è valido per il tuo account.');
    expectOk(await other.client.rpc('apply_coupon', { p_code: mine.code }));
    expect(await credits(u.id)).toBe(30);
  });

  it('a reusable coupon serves many users up to max_uses, once each', async () => {
    const c = await makeCoupon({ type: 'reusable', max_uses: 2, discount_value: 10 });
    const [a, b, d] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    expectOk(await a.client.rpc('apply_coupon', { p_code: c.code }));
    expectError(await a.client.rpc('apply_coupon', { p_code: c.code }), 'Hai già utilizzato questo coupon.');
    expectOk(await b.client.rpc('apply_coupon', { p_code: c.code }));
    expectError(await d.client.rpc('apply_coupon', { p_code: c.code }), 'Questo coupon ha raggiunto il numero massimo di utilizzi.');
    const { data } = await admin().from('coupons').select('usage_count').eq('id', c.id).single();
    expect(data!.usage_count).toBe(2);
    expect(await credits(d.id)).toBe(0);
  });

  it('banned and anonymous callers are refused', async () => {
    const c = await makeCoupon();
    const b = await makeUser({ role: 'banned' });
    expectError(await b.client.rpc('apply_coupon', { p_code: c.code }), /sospeso/, '42501');
    const { client } = await import('../support/clients.ts');
    expect((await client().rpc('apply_coupon', { p_code: c.code })).error).not.toBeNull();
    const { data } = await admin().from('coupons').select('usage_count').eq('id', c.id).single();
    expect(data!.usage_count).toBe(0);
  });
});
