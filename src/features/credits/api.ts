/** Credit calls: packages and their quotes, the purchase order, the ledger. */
import { toApiError, unwrap } from '@/lib/apiError.ts';
import type { Tables } from '@/lib/database.types.ts';
import { supabase } from '@/lib/supabase.ts';
import type { CreditPackage } from './model.ts';

export const PAGE_SIZE = 10;

export async function fetchPackages(): Promise<CreditPackage[]> {
  return unwrap(
    supabase.from('credit_packages').select('id, name, credits, price_cents, currency').eq('is_active', true).order('sort_order'),
  );
}

export interface Quote {
  package_id: string;
  price_cents: number;
  discount_cents: number;
  amount_cents: number;
  coupon_code: string | null;
  /** The applied coupon an open order holds (the price is then full), and that order. */
  reserved_code: string | null;
  reserved_order_id: string | null;
}

/** What the package costs the caller now, with the free discount coupon. */
export async function quotePackage(packageId: string): Promise<Quote> {
  return (await unwrap(supabase.rpc('quote_credit_package', { p_package_id: packageId }))) as unknown as Quote;
}

export interface Purchase {
  orderId: string;
  url: string;
}

/** Opens an order for the package; answers the provider's signed payment page. */
export async function createPurchase(packageId: string): Promise<Purchase> {
  return (await unwrap(supabase.functions.invoke<Purchase>('create-purchase', { body: { packageId } }))) as Purchase;
}

/** The discount coupon an order quoted (the caller may read the coupons they applied). */
type WithCoupon = { coupon: { code: string } | null };

export type Order = Pick<Tables<'payments'>, 'id' | 'status' | 'credits' | 'amount_cents' | 'package_name' | 'expires_at'> & WithCoupon;

/** The order, or null when there is none the caller may see. */
export async function fetchOrder(orderId: string): Promise<Order | null> {
  return unwrap(
    supabase.from('payments').select('id, status, credits, amount_cents, package_name, expires_at, coupon:coupons(code)').eq('id', orderId).maybeSingle(),
  );
}

export type Payment = Pick<Tables<'payments'>, 'id' | 'created_at' | 'package_name' | 'amount_cents' | 'status'> & WithCoupon;

export const PAYMENTS_SHOWN = 5;

/** The caller's latest orders, newest first: their amount, the coupon each used or holds, and how it ended. */
export async function fetchPayments(userId: string): Promise<Payment[]> {
  return unwrap(
    supabase
      .from('payments')
      .select('id, created_at, package_name, amount_cents, status, coupon:coupons(code)')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(PAYMENTS_SHOWN),
  );
}

export type Transaction = Pick<Tables<'credit_transactions'>, 'id' | 'type' | 'amount' | 'package_name' | 'created_at'>;

/** One page (0-based) of the caller's ledger, newest first, with the total count. */
export async function fetchTransactions(userId: string, page: number): Promise<{ rows: Transaction[]; total: number }> {
  const from = page * PAGE_SIZE;
  const r = await supabase
    .from('credit_transactions')
    .select('id, type, amount, package_name, created_at', { count: 'exact' })
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .range(from, from + PAGE_SIZE - 1);
  if (r.error) throw await toApiError(r.error, r.status);
  return { rows: r.data, total: r.count ?? 0 };
}
