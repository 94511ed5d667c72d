/** Coupon rules the list shows: the status for the viewer and the list's order. */
import type { Tables } from '@/lib/database.types.ts';

export type CouponStatus = 'active' | 'used' | 'expired' | 'inactive' | 'maxed_out' | 'not_applicable';

export type CouponRow = Omit<Tables<'coupons'>, 'description'>;

/** The status for the viewer, checked in the documented order: the first rule that holds wins. */
export function couponStatus(c: CouponRow, viewer: { id: string; used: ReadonlySet<string> }, now = Date.now()): CouponStatus {
  if (!c.is_active) return 'inactive';
  if (c.expires_at && Date.parse(c.expires_at) < now) return 'expired';
  if (c.type === 'single_use' && viewer.used.has(c.id)) return 'used';
  if (c.type === 'reusable' && c.max_uses != null && c.usage_count >= c.max_uses) return 'maxed_out';
  if (c.applies_to_user_id && c.applies_to_user_id !== viewer.id) return 'not_applicable';
  return 'active';
}

const order: CouponStatus[] = ['active', 'used', 'expired', 'inactive', 'maxed_out', 'not_applicable'];

/** Active first by soonest expiry (no expiry last), then used, expired, inactive, maxed out, not applicable, newest first. */
export function sortCoupons<T extends { coupon: CouponRow; status: CouponStatus }>(rows: readonly T[]): T[] {
  return [...rows].sort((a, b) => {
    const byStatus = order.indexOf(a.status) - order.indexOf(b.status);
    if (byStatus) return byStatus;
    if (a.status === 'active') {
      const ea = a.coupon.expires_at ? Date.parse(a.coupon.expires_at) : Infinity;
      const eb = b.coupon.expires_at ? Date.parse(b.coupon.expires_at) : Infinity;
      if (ea !== eb) return ea < eb ? -1 : 1;
    }
    return Date.parse(b.coupon.created_at) - Date.parse(a.coupon.created_at);
  });
}

export function statusColor(s: CouponStatus): string {
  // Dark shades under white text: readable (axe contrast) at badge size.
  return { active: 'teal.9', used: 'blue.8', expired: 'gray.7', inactive: 'gray.8', maxed_out: 'grape.8', not_applicable: 'red.9' }[s];
}

/** '(3/10)' for a reusable coupon with a maximum, else ''. */
export function usageSuffix(c: Pick<CouponRow, 'type' | 'max_uses' | 'usage_count'>): string {
  return c.type === 'reusable' && c.max_uses != null ? ` (${c.usage_count}/${c.max_uses})` : '';
}

/** The code as sent: trimmed; null when nothing is left. */
export function couponCode(input: string): string | null {
  const code = input.trim();
  return code ? code : null;
}
