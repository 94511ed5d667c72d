import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/screens.ts';
import { couponPayload, couponState, couponValues, emptyCoupon, expiryDay, expiryIso, validateCoupon } from './model.ts';

const v = t.adminStaff.coupons.validation;
const today = '2026-11-23';

describe('validateCoupon', () => {
  it('asks for a code and a positive value', () => {
    expect(validateCoupon(emptyCoupon, v, today)).toEqual({ code: v.codeRequired, discountValue: v.valueRequired });
    expect(validateCoupon({ ...emptyCoupon, code: 'a b', discountValue: 5 }, v, today)).toEqual({ code: v.codeInvalid });
  });

  it('follows the table: whole credits, percentages up to 100, positive whole max uses, a valid e-mail', () => {
    const base = { ...emptyCoupon, code: 'BENVENUTO' };
    expect(validateCoupon({ ...base, discountValue: 2.5 }, v, today)).toEqual({ discountValue: v.creditsWhole });
    expect(validateCoupon({ ...base, discountType: 'percentage', discountValue: 101 }, v, today)).toEqual({ discountValue: v.percentageRange });
    expect(validateCoupon({ ...base, discountType: 'flat_amount', discountValue: '2,5' }, v, today)).toEqual({});
    expect(validateCoupon({ ...base, discountValue: 10, maxUses: 0 }, v, today)).toEqual({ maxUses: v.maxUsesInvalid });
    expect(validateCoupon({ ...base, discountValue: 10, userEmail: 'mario@' }, v, today)).toEqual({ userEmail: v.emailInvalid });
  });

  it('refuses a past expiry on a new coupon, not on one being edited', () => {
    const c = { ...emptyCoupon, code: 'VECCHIO', discountValue: 5, expiresAt: '2026-11-22' };
    expect(validateCoupon(c, v, today)).toEqual({ expiresAt: v.expiryPast });
    expect(validateCoupon(c, v, today, true)).toEqual({});
  });
});

describe('couponPayload', () => {
  it('upper-cases the code, parses Italian decimals and leaves the optional fields null', () => {
    expect(couponPayload({ ...emptyCoupon, code: ' estate ', discountType: 'flat_amount', discountValue: '2,50' }, null)).toEqual({
      code: 'ESTATE',
      description: null,
      discount_type: 'flat_amount',
      discount_value: 2.5,
      type: 'single_use',
      expires_at: null,
      max_uses: null,
      applies_to_user_id: null,
      is_active: true,
    });
  });

  it('ends the expiry day at 23:59:59 Italian time, summer or winter, and reads it back', () => {
    expect(expiryIso('2026-12-31')).toBe('2026-12-31T22:59:59.000Z');
    expect(expiryIso('2026-07-01')).toBe('2026-07-01T21:59:59.000Z');
    expect(expiryDay('2026-12-31T22:59:59.000Z')).toBe('2026-12-31');
  });

  it('round-trips a stored coupon through the form', () => {
    const row = {
      id: 'c1', code: 'PROMO', type: 'reusable', discount_type: 'percentage', discount_value: 15, expires_at: '2026-12-31T22:59:59.000Z',
      applies_to_user_id: 'u1', is_active: true, max_uses: 10, usage_count: 3, description: 'Natale', created_at: '', user_email: 'giulia@example.it',
    };
    expect(couponPayload(couponValues(row), 'u1')).toMatchObject({ code: 'PROMO', type: 'reusable', discount_value: 15, max_uses: 10, applies_to_user_id: 'u1', expires_at: row.expires_at });
  });
});

describe('couponState', () => {
  const now = new Date('2026-11-23T12:00:00Z');
  it('is inactive, then expired, then used up, else active', () => {
    expect(couponState({ is_active: false, expires_at: '2020-01-01T00:00:00Z', max_uses: 1, usage_count: 1 }, now)).toBe('inactive');
    expect(couponState({ is_active: true, expires_at: '2026-11-22T00:00:00Z', max_uses: 1, usage_count: 1 }, now)).toBe('expired');
    expect(couponState({ is_active: true, expires_at: null, max_uses: 2, usage_count: 2 }, now)).toBe('maxedOut');
    expect(couponState({ is_active: true, expires_at: null, max_uses: null, usage_count: 50 }, now)).toBe('active');
  });
});
