/**
 * What every payment provider does for a credit purchase: a link to its hosted payment page
 * for an order the database has quoted, and the check of its server-to-server postback.
 * The order's rules (price, coupon, settling once) stay in SQL; a provider only signs and verifies.
 */

/** An order opened by public.start_credit_purchase. */
export interface PurchaseOrder {
  orderId: string;
  amountCents: number;
  currency: string;
  description: string;
  /** Where the provider sends the browser back after a payment, and after a decline or an error. */
  successUrl: string;
  declineUrl: string;
}

/** A postback whose signature was valid: what public.settle_credit_purchase needs. */
export interface Postback {
  /** Our order reference (the order id) the purchase link carried. */
  reference: string;
  /** The provider's id of the sale. */
  saleId: string;
  amountCents: number;
  currency: string;
  result: 'success' | 'decline';
}

export type PostbackCheck =
  | { ok: true; postback: Postback; params: Record<string, string> }
  | { ok: false; reason: 'invalid_signature' | 'malformed'; params: Record<string, string> };

export interface PaymentProvider {
  /** The payments.provider value of its orders. */
  readonly name: string;
  purchaseUrl(order: PurchaseOrder): Promise<string>;
  checkPostback(params: URLSearchParams): Promise<PostbackCheck>;
}

/** '19.90' -> 1990; anything but a plain amount with at most two decimals -> null. */
export function amountToCents(amount: string | undefined): number | null {
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(amount ?? '');
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

/** 1990 -> '19.90' */
export function centsToAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
