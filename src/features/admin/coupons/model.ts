/** Pure logic of the Coupon section: the form's values, checks and row, and a coupon's state. */
import type { Tables } from '@/lib/database.types.ts';
export type DiscountType = 'credits' | 'percentage' | 'flat_amount';
export type UsageType = 'single_use' | 'reusable';

/** A coupon as the section lists it: the table's row and the single user's e-mail. */
export type CouponRow = Tables<'coupons'> & { user_email: string | null };

export interface CouponFormValues {
  code: string;
  description: string;
  discountType: DiscountType;
  discountValue: number | string;
  usageType: UsageType;
  /** yyyy-MM-dd, or '' for none */
  expiresAt: string;
  maxUses: number | string;
  userEmail: string;
  isActive: boolean;
}

export const emptyCoupon: CouponFormValues = {
  code: '',
  description: '',
  discountType: 'credits',
  discountValue: '',
  usageType: 'single_use',
  expiresAt: '',
  maxUses: '',
  userEmail: '',
  isActive: true,
};

const num = (v: number | string) => (typeof v === 'number' ? v : Number(String(v).trim().replace(',', '.')));
const blank = (v: number | string) => String(v).trim() === '';

/** Midnight at the end of the chosen day, Italian time, as ISO: a coupon 'scade il 31/12' works all that day. */
export function expiryIso(day: string): string | null {
  if (!day) return null;
  const [y, m, d] = day.split('-').map(Number);
  // 23:59:59 in Europe/Rome: find the offset of that moment (CET +1 or CEST +2).
  const guess = Date.UTC(y!, m! - 1, d, 23, 59, 59);
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Rome', hour: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(guess));
  const romeHour = Number(parts.find((p) => p.type === 'hour')!.value);
  const offsetHours = (romeHour - 23 + 24) % 24;
  return new Date(guess - offsetHours * 3_600_000).toISOString();
}

/** The day (yyyy-MM-dd, Italian time) an expiry falls on, for the form. */
export function expiryDay(iso: string | null): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Rome' }).format(new Date(iso));
}

export function couponValues(c: CouponRow): CouponFormValues {
  return {
    code: c.code,
    description: c.description ?? '',
    discountType: c.discount_type as DiscountType,
    discountValue: Number(c.discount_value),
    usageType: c.type as UsageType,
    expiresAt: expiryDay(c.expires_at),
    maxUses: c.max_uses ?? '',
    userEmail: c.user_email ?? '',
    isActive: c.is_active,
  };
}

export interface CouponValidation {
  codeRequired: string;
  codeInvalid: string;
  valueRequired: string;
  creditsWhole: string;
  percentageRange: string;
  maxUsesInvalid: string;
  emailInvalid: string;
  expiryPast: string;
}

/** The form's checks, the same as the table's constraints, in Italian. `today` is yyyy-MM-dd. */
export function validateCoupon(v: CouponFormValues, m: CouponValidation, today: string, editing = false): Partial<Record<keyof CouponFormValues, string>> {
  const e: Partial<Record<keyof CouponFormValues, string>> = {};
  const code = v.code.trim();
  if (!code) e.code = m.codeRequired;
  else if (!/^[A-Za-z0-9_-]{3,40}$/.test(code)) e.code = m.codeInvalid;
  const value = num(v.discountValue);
  if (blank(v.discountValue) || !Number.isFinite(value) || value <= 0) e.discountValue = m.valueRequired;
  else if (v.discountType === 'credits' && !Number.isInteger(value)) e.discountValue = m.creditsWhole;
  else if (v.discountType === 'percentage' && value > 100) e.discountValue = m.percentageRange;
  if (!blank(v.maxUses)) {
    const max = num(v.maxUses);
    if (!Number.isInteger(max) || max <= 0) e.maxUses = m.maxUsesInvalid;
  }
  const email = v.userEmail.trim();
  if (email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) e.userEmail = m.emailInvalid;
  if (v.expiresAt && v.expiresAt < today && !editing) e.expiresAt = m.expiryPast;
  return e;
}

/** The row to write (the code upper-cased, as users may type it either way), given the single user's id. */
export function couponPayload(v: CouponFormValues, userId: string | null) {
  return {
    code: v.code.trim().toUpperCase(),
    description: v.description.trim() || null,
    discount_type: v.discountType,
    discount_value: num(v.discountValue),
    type: v.usageType,
    expires_at: expiryIso(v.expiresAt),
    max_uses: blank(v.maxUses) ? null : num(v.maxUses),
    applies_to_user_id: userId,
    is_active: v.isActive,
  };
}

export type CouponState = 'active' | 'inactive' | 'expired' | 'maxedOut';

/** What staff see of a coupon: off, past its expiry, used up, or still usable. */
export function couponState(c: Pick<CouponRow, 'is_active' | 'expires_at' | 'max_uses' | 'usage_count'>, now = new Date()): CouponState {
  if (!c.is_active) return 'inactive';
  if (c.expires_at && Date.parse(c.expires_at) < now.getTime()) return 'expired';
  if (c.max_uses != null && c.usage_count >= c.max_uses) return 'maxedOut';
  return 'active';
}
