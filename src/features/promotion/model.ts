/** Promotion rules the screen shows: durations, labels, the price with a waiting discount. */

export type Mode = 'day' | 'night';

export interface Pricing {
  perDay: Record<Mode, number>;
  durations: number[];
}

export interface PendingDiscount {
  code: string;
  discount_type: string;
  discount_value: number;
}

/** '1 giorno', '3 giorni'. */
export function daysLabel(n: number): string {
  return n === 1 ? '1 giorno' : `${n} giorni`;
}

/** Price, discount and what is charged, as promote_listing computes them (crediti, never below 0). */
export function promotionPrice(perDay: number, days: number, pending: PendingDiscount | null) {
  const price = perDay * days;
  let discount = 0;
  if (pending) {
    const raw = pending.discount_type === 'percentage' ? Math.round((price * pending.discount_value) / 100) : Math.round(pending.discount_value);
    discount = Math.min(price, raw);
  }
  return { price, discount, cost: price - discount };
}

export function parseMode(value: string | null): Mode | null {
  return value === 'day' || value === 'night' ? value : null;
}

/** The settings rows as pricing; missing rows fall back to the documented defaults. */
export function pricingFrom(rows: { key: string; value: unknown }[]): Pricing {
  const get = (k: string) => rows.find((r) => r.key === k)?.value;
  const durations = get('promotion_durations');
  return {
    perDay: { day: Number(get('promotion_day_cost_per_day') ?? 8), night: Number(get('promotion_night_cost_per_day') ?? 12) },
    durations: Array.isArray(durations) ? durations.map(Number) : [1, 3, 7, 14, 30],
  };
}
