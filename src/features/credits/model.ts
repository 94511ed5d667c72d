/** Credit rules the screens show: package value, ledger labels and signs, a purchase's outcome. */

export interface CreditPackage {
  id: string;
  name: string;
  credits: number;
  price_cents: number;
  currency: string;
}

const euro = new Intl.NumberFormat('it-IT', { style: 'currency', currency: 'EUR' });

/** '19,90 €' */
export function formatCents(cents: number): string {
  return euro.format(cents / 100);
}

/** What one credito costs in the package, as '0,17 €' (rounded to the cent, at least 0,01 €). */
export function pricePerCredit(p: Pick<CreditPackage, 'price_cents' | 'credits'>): string {
  return euro.format(p.price_cents / p.credits / 100);
}

/** The package with the lowest price per credito (the first of equals), or null for none. */
export function bestValueId(packages: readonly CreditPackage[]): string | null {
  let best: CreditPackage | null = null;
  for (const p of packages) if (!best || p.price_cents / p.credits < best.price_cents / best.credits) best = p;
  return packages.length > 1 && best ? best.id : null;
}

/** The ledger's type in Italian; an unknown type shows as it is. */
export function transactionLabel(type: string, labels: Record<string, string>): string {
  return labels[type] ?? type;
}

/** '+120' for a credit, '-10' for a debit. */
export function signedAmount(amount: number): string {
  return amount > 0 ? `+${amount}` : String(amount);
}

/** A payment's status badge colour: settled green, waiting yellow, refused red, the rest grey. */
export function paymentStatusColor(status: string): string {
  return status === 'completed' ? 'teal' : status === 'pending' ? 'yellow' : status === 'failed' ? 'red' : 'gray';
}

/** What an order did with its discount coupon ('Coupon X riservato a questo ordine'), or null without one. */
export function couponNote(status: string, code: string | null | undefined, notes: Record<string, (code: string) => string>): string | null {
  return code ? (notes[status]?.(code) ?? null) : null;
}

export type Outcome = 'waiting' | 'completed' | 'unpaid' | 'declined' | 'expired' | 'refunded' | 'timeout' | 'missing';

/**
 * What the result screen says. The order's status is the truth: back from the provider's
 * decline or error page, a still-pending order is unpaid and waiting (as the wallet lists it),
 * never 'rifiutato' until the provider's decline made it 'failed'.
 */
export function purchaseOutcome(status: string | null | undefined, opts: { declinedReturn: boolean; timedOut: boolean }): Outcome {
  if (status === undefined) return opts.timedOut ? 'timeout' : 'waiting';
  if (status === null) return 'missing';
  if (status === 'completed') return 'completed';
  if (status === 'failed') return 'declined';
  if (status === 'expired') return 'expired';
  if (status === 'refunded') return 'refunded';
  if (opts.declinedReturn) return 'unpaid';
  return opts.timedOut ? 'timeout' : 'waiting';
}

/** Whether the order will not change any more: stop asking. */
export function isFinal(status: string | null | undefined): boolean {
  return status === null || status === 'completed' || status === 'failed' || status === 'expired' || status === 'refunded';
}

export const RETURN_KEY = 'buy-credits-return';

/** A same-site path to come back to after buying, or null. */
export function safeReturn(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : null;
}
