/**
 * Races on a real PostgreSQL server (PGlite serialises every query, so it cannot race):
 * a single-use coupon redeemed by 20 parallel calls, parallel spends on one balance, parallel
 * orders on one discount coupon, parallel settlements of one sale and parallel cancels of one
 * scheduled promotion.
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { platformInfo } from '../support/clients.ts';
import { admin, credits } from '../support/db.ts';
import { makeCoupon, makeListing, makeUser, validListing } from '../support/factories.ts';
import { romeAt } from '../support/romeTime.ts';

describe.runIf(platformInfo().dbKind === 'postgres')('concurrency (PostgreSQL)', () => {
  it('20 parallel apply_coupon calls on one single-use coupon: exactly one succeeds', async () => {
    const u = await makeUser({ credits: 0 });
    const { code } = await makeCoupon({ discount_value: 10 });
    const results = await Promise.all(Array.from({ length: 20 }, () => u.client.rpc('apply_coupon', { p_code: code })));
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    expect(results.filter((r) => r.error).every((r) => r.error!.message === 'Hai già utilizzato questo coupon.')).toBe(true);
    expect(await credits(u.id)).toBe(10);
    const { data } = await admin().from('coupons').select('usage_count').eq('code', code).single();
    expect(data!.usage_count).toBe(1);
  });

  it('20 users racing for a coupon with max_uses 1: exactly one succeeds', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => makeUser({ credits: 0 })));
    const { code } = await makeCoupon({ type: 'reusable', discount_value: 10, max_uses: 1 });
    const results = await Promise.all(users.map((u) => u.client.rpc('apply_coupon', { p_code: code })));
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    const { data } = await admin().from('coupons').select('usage_count').eq('code', code).single();
    expect(data!.usage_count).toBe(1);
  });

  it('parallel spends never take credits below zero', async () => {
    const u = await makeUser({ credits: 45 });
    const results = await Promise.all(Array.from({ length: 20 }, () => u.client.rpc('create_listing', validListing)));
    expect(results.filter((r) => !r.error)).toHaveLength(4);
    expect(await credits(u.id)).toBe(5);
    const { data: tx } = await admin().from('credit_transactions').select('amount').eq('user_id', u.id);
    expect(tx!.reduce((s, t) => s + t.amount, 0)).toBe(-40);
    const { count } = await admin().from('listings').select('id', { count: 'exact', head: true }).eq('user_id', u.id);
    expect(count).toBe(4);
  });

  it('10 parallel orders with one applied discount coupon: exactly one is discounted and holds the coupon', async () => {
    const u = await makeUser({ credits: 0 });
    const { id: couponId, code } = await makeCoupon({ discount_type: 'percentage', discount_value: 15 });
    expect((await u.client.rpc('apply_coupon', { p_code: code })).error).toBeNull();
    const { data: starter } = await admin().from('credit_packages').select('id').eq('name', 'Starter').single();
    const results = await Promise.all(Array.from({ length: 10 }, () => u.client.rpc('start_credit_purchase', { p_package_id: starter!.id })));
    expect(results.map((r) => r.error)).toEqual(Array(10).fill(null));
    expect(results.map((r) => r.data.amount_cents).sort()).toEqual([841, ...Array(9).fill(990)]);
    const discounted = results.find((r) => r.data.amount_cents === 841)!.data.order_id;
    const { data: held } = await admin().from('user_coupons').select('reserved_for').eq('user_id', u.id).eq('coupon_id', couponId).single();
    expect(held!.reserved_for).toBe(discounted);
  });

  it('20 parallel settlements of one sale (the payment postback) complete the order and credit once', async () => {
    const u = await makeUser({ credits: 0 });
    const { data: std } = await admin().from('credit_packages').select('id').eq('name', 'Standard').single();
    for (let round = 0; round < 3; round++) {
      const { data: order, error } = await u.client.rpc('start_credit_purchase', { p_package_id: std!.id });
      expect(error).toBeNull();
      const args = { p_provider: 'verotel', p_reference: order.order_id, p_sale_id: `race-${round}-${Date.now()}`, p_amount_cents: 1990, p_currency: 'EUR', p_result: 'success' };
      const results = await Promise.all(Array.from({ length: 20 }, () => admin().rpc('settle_credit_purchase', args)));
      expect(await credits(u.id)).toBe(120 * (round + 1));
      expect(results.map((r) => r.data?.outcome).sort()).toEqual([...Array(19).fill('already_processed'), 'completed']);
    }
  });

  it('10 parallel cancels of one scheduled promotion: one succeeds, one refund line, the starting balance', async () => {
    const u = await makeUser({ credits: 100 });
    const l = await makeListing(u);
    expect((await admin().from('listings').update({ review_status: 'approved' }).eq('id', l.id).select('id')).data).toHaveLength(1);
    const before = await credits(u.id);
    const start = romeAt(3, '22:00').toISOString();
    expect((await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'night', p_days: 1, p_start_at: start })).error).toBeNull();
    expect(await credits(u.id)).toBeLessThan(before);
    // The row is held by another transaction while the cancels arrive, so all ten overlap: only
    // a cancel that locks the row before reading it sees that the first one already refunded.
    const holder = new pg.Client({ connectionString: platformInfo().databaseUrl });
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from public.listings where id = $1 for update', [l.id]);
    const pending = Promise.all(Array.from({ length: 10 }, () => u.client.rpc('cancel_scheduled_promotion', { p_listing_id: l.id })));
    await new Promise((r) => setTimeout(r, 500));
    await holder.query('commit');
    await holder.end();
    const results = await pending;
    expect(results.filter((r) => !r.error)).toHaveLength(1);
    expect(results.filter((r) => r.error).every((r) => r.error!.message === 'La promozione è già iniziata: non può più essere annullata.')).toBe(true);
    expect(await credits(u.id)).toBe(before);
    const { data: refunds } = await admin().from('credit_transactions').select('amount').eq('user_id', u.id).eq('type', 'promotion_refund');
    expect(refunds).toHaveLength(1);
  });
});
