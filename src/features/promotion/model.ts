/** Promotion rules the screen shows: durations, labels, the price with a waiting discount, the start's days and hours. */
import { dayjs } from '@/lib/dates.ts';

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

/** A scheduled start as the advertiser picks it: a Rome calendar day and a whole hour. */
export interface ScheduledStart {
  day: string;
  hour: number;
}

const ROME = 'Europe/Rome';

/** Today and the next `ahead` (6) days on Rome's calendar: the days a promotion may start on, as the server allows. */
export function scheduleDays(now: Date, ahead = 6): { value: string; offset: number; label: string }[] {
  const today = dayjs(now).tz(ROME);
  return Array.from({ length: ahead + 1 }, (_, offset) => {
    const d = today.add(offset, 'day');
    return { value: d.format('YYYY-MM-DD'), offset, label: d.locale('it').format('ddd D MMMM') };
  });
}

/** The instant a slot starts: `hour`:00 in Rome on `day` (across DST). */
export function scheduledStartAt(s: ScheduledStart): Date {
  return dayjs.tz(`${s.day} ${String(s.hour).padStart(2, '0')}:00`, ROME).toDate();
}

/** The hours still ahead on `day` (all 24 on a later day; none once today is over). */
export function scheduleHours(day: string, now: Date): number[] {
  return Array.from({ length: 24 }, (_, h) => h).filter((hour) => scheduledStartAt({ day, hour }).getTime() > now.getTime());
}
