/** Coupon calls: the apply-coupon edge function and the viewer's coupon list. */
import { unwrap } from '@/lib/apiError.ts';
import { supabase } from '@/lib/supabase.ts';
import type { CouponRow } from './model.ts';

export interface ApplyAnswer {
  message: string;
  discountType: string;
  discountValue: number;
  couponId: string;
  couponType: string;
}

const couponColumns = 'id, code, type, discount_type, discount_value, expires_at, applies_to_user_id, created_at, is_active, max_uses, usage_count';

/** Redeems a code (already trimmed); rejects with the function's Italian `error`. */
export async function applyCoupon(couponCode: string): Promise<ApplyAnswer> {
  return unwrap(supabase.functions.invoke<ApplyAnswer>('apply-coupon', { body: { couponCode } })) as Promise<ApplyAnswer>;
}

export interface MyCoupons {
  coupons: CouponRow[];
  used: Set<string>;
}

/** The coupons the viewer applied and the ones meant for them, with the ids they used. */
export async function fetchMyCoupons(userId: string): Promise<MyCoupons> {
  const [applied, personal, used] = await Promise.all([
    unwrap(supabase.from('user_coupons').select(`applied_at, coupons(${couponColumns})`).eq('user_id', userId).order('applied_at', { ascending: false })),
    unwrap(supabase.from('coupons').select(couponColumns).eq('applies_to_user_id', userId)),
    unwrap(supabase.from('used_coupons').select('coupon_id').eq('user_id', userId)),
  ]);
  const byId = new Map<string, CouponRow>();
  for (const row of applied) if (row.coupons) byId.set(row.coupons.id, { ...row.coupons, discount_value: Number(row.coupons.discount_value) });
  for (const c of personal) if (!byId.has(c.id)) byId.set(c.id, { ...c, discount_value: Number(c.discount_value) });
  return { coupons: [...byId.values()], used: new Set(used.map((u) => u.coupon_id)) };
}
