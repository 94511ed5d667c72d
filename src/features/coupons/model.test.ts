import { describe, expect, it } from 'vitest';
import { couponCode, couponStatus, sortCoupons, usageSuffix, type CouponRow } from './model.ts';

const now = Date.parse('2026-06-01T12:00:00Z');
const base: CouponRow = {
  id: 'c', code: 'X', type: 'single_use', discount_type: 'credits', discount_value: 5, expires_at: null,
  applies_to_user_id: null, created_at: '2026-05-01T00:00:00Z', is_active: true, max_uses: null, usage_count: 0,
};
const viewer = { id: 'me', used: new Set<string>() };

describe('couponStatus', () => {
  it('checks inactive, expired, used, maxed out, not applicable in that order', () => {
    const all = { ...base, is_active: false, expires_at: '2026-01-01T00:00:00Z', applies_to_user_id: 'other' };
    expect(couponStatus(all, { id: 'me', used: new Set(['c']) }, now)).toBe('inactive');
    expect(couponStatus({ ...all, is_active: true }, { id: 'me', used: new Set(['c']) }, now)).toBe('expired');
    expect(couponStatus({ ...all, is_active: true, expires_at: null }, { id: 'me', used: new Set(['c']) }, now)).toBe('used');
    expect(couponStatus({ ...base, type: 'reusable', max_uses: 3, usage_count: 3, applies_to_user_id: 'other' }, viewer, now)).toBe('maxed_out');
    expect(couponStatus({ ...base, applies_to_user_id: 'other' }, viewer, now)).toBe('not_applicable');
    expect(couponStatus({ ...base, applies_to_user_id: 'me' }, viewer, now)).toBe('active');
  });
  it('a used reusable coupon stays active; a single-use one with a max is never maxed out', () => {
    expect(couponStatus({ ...base, type: 'reusable' }, { id: 'me', used: new Set(['c']) }, now)).toBe('active');
    expect(couponStatus({ ...base, max_uses: 1, usage_count: 1 }, viewer, now)).toBe('active');
  });
});

describe('sortCoupons', () => {
  it('orders by status, active by soonest expiry (none last), the rest newest first', () => {
    const row = (id: string, status: Parameters<typeof sortCoupons>[0][number]['status'], over: Partial<CouponRow>) => ({
      coupon: { ...base, id, ...over }, status,
    });
    const rows = [
      row('na', 'not_applicable', {}),
      row('used-old', 'used', { created_at: '2026-01-01T00:00:00Z' }),
      row('active-never', 'active', {}),
      row('maxed', 'maxed_out', {}),
      row('used-new', 'used', { created_at: '2026-04-01T00:00:00Z' }),
      row('active-late', 'active', { expires_at: '2026-09-01T00:00:00Z' }),
      row('inactive', 'inactive', {}),
      row('active-soon', 'active', { expires_at: '2026-06-05T00:00:00Z' }),
      row('expired', 'expired', {}),
    ];
    expect(sortCoupons(rows).map((r) => r.coupon.id)).toEqual([
      'active-soon', 'active-late', 'active-never', 'used-new', 'used-old', 'expired', 'inactive', 'maxed', 'na',
    ]);
  });
});

describe('usageSuffix and couponCode', () => {
  it('shows usage only for reusable coupons with a maximum', () => {
    expect(usageSuffix({ type: 'reusable', max_uses: 50, usage_count: 12 })).toBe(' (12/50)');
    expect(usageSuffix({ type: 'reusable', max_uses: null, usage_count: 12 })).toBe('');
    expect(usageSuffix({ type: 'single_use', max_uses: 5, usage_count: 1 })).toBe('');
  });
  it('trims the code; blank is no code', () => {
    expect(couponCode('  crediti25 ')).toBe('crediti25');
    expect(couponCode('   ')).toBeNull();
  });
});
