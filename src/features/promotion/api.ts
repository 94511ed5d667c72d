/** Promotion calls: the listing, the prices in settings, the waiting coupon, promote_listing. */
import { unwrap } from '@/lib/apiError.ts';
import type { Tables } from '@/lib/database.types.ts';
import { supabase } from '@/lib/supabase.ts';
import { pricingFrom, type Mode, type PendingDiscount, type Pricing } from './model.ts';

export type PromotedListing = Pick<
  Tables<'listings'>,
  'id' | 'title' | 'user_id' | 'is_paused' | 'expires_at' | 'is_premium' | 'promotion_mode' | 'promotion_start_at' | 'promotion_end_at'
>;

/** The caller's own listing, or null: promote_listing promotes only its owner's (someone else's is not found). */
export async function fetchListing(id: string, userId: string): Promise<PromotedListing | null> {
  return unwrap(
    supabase
      .from('listings')
      .select('id, title, user_id, is_paused, expires_at, is_premium, promotion_mode, promotion_start_at, promotion_end_at')
      .eq('id', id)
      .eq('user_id', userId)
      .maybeSingle(),
  );
}

export async function fetchPricing(): Promise<Pricing> {
  const rows = await unwrap(
    supabase.from('settings').select('key, value').in('key', ['promotion_day_cost_per_day', 'promotion_night_cost_per_day', 'promotion_durations']),
  );
  return pricingFrom(rows);
}

/** The latest applied, unconsumed percentage or flat-amount coupon: the one promote_listing spends. */
export async function fetchPendingDiscount(userId: string): Promise<PendingDiscount | null> {
  const rows = await unwrap(
    supabase
      .from('user_coupons')
      .select('applied_at, coupons!inner(code, discount_type, discount_value)')
      .eq('user_id', userId)
      .is('consumed_at', null)
      .in('coupons.discount_type', ['percentage', 'flat_amount'])
      .order('applied_at', { ascending: false })
      .limit(1),
  );
  const c = rows[0]?.coupons;
  return c ? { code: c.code, discount_type: c.discount_type, discount_value: Number(c.discount_value) } : null;
}

export async function promoteListing(args: { listingId: string; mode: Mode; days: number; startAt: string | null }) {
  return unwrap(
    supabase.rpc('promote_listing', {
      p_listing_id: args.listingId,
      p_mode: args.mode,
      p_days: args.days,
      ...(args.startAt ? { p_start_at: args.startAt } : {}),
    }),
  );
}
