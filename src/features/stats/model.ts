/**
 * The statistics screen's pure logic: the last 30 Italian days filled with zeros, totals for
 * 7 and 30 days, the promoted days as runs for the chart's band, and the chart's scale.
 */
import { romeDate } from '@/lib/romeDate.ts';

export const CHART_DAYS = 30;

/** One day's counts as the database keeps them. */
export interface DayRow {
  day: string;
  views: number;
  calls: number;
  whatsapp: number;
  favourites: number;
  impressions: number;
  promoted: boolean;
}

export interface StatsDay extends DayRow {
  /** 'Chiama' and 'WhatsApp' together. */
  contacts: number;
}

export interface Totals {
  views: number;
  contacts: number;
  calls: number;
  whatsapp: number;
  favourites: number;
  impressions: number;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date in Italy as 'YYYY-MM-DD' (the days the server counts in). */
export function romeIsoDay(now: Date): string {
  const { year, month, day } = romeDate(now);
  return `${year}-${pad(month)}-${pad(day)}`;
}

/** `iso` moved by `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The first day of the window of `days` days ending `today`. */
export const windowStart = (today: string, days = CHART_DAYS) => addDays(today, -(days - 1));

/** The `days` days ending `today`, oldest first, each with its counts or zeros. */
export function fillDays(rows: readonly DayRow[], today: string, days = CHART_DAYS): StatsDay[] {
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const start = windowStart(today, days);
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(start, i);
    const r = byDay.get(day);
    const base: DayRow = r ?? { day, views: 0, calls: 0, whatsapp: 0, favourites: 0, impressions: 0, promoted: false };
    return { ...base, contacts: base.calls + base.whatsapp };
  });
}

/** The sums over the last `last` days of `days` (oldest first). */
export function totals(days: readonly StatsDay[], last: number): Totals {
  const sum: Totals = { views: 0, contacts: 0, calls: 0, whatsapp: 0, favourites: 0, impressions: 0 };
  for (const d of days.slice(Math.max(0, days.length - last))) {
    sum.views += d.views;
    sum.contacts += d.contacts;
    sum.calls += d.calls;
    sum.whatsapp += d.whatsapp;
    sum.favourites += d.favourites;
    sum.impressions += d.impressions;
  }
  return sum;
}

/** Nothing counted yet in the window: the screen says the counting starts today. */
export const isEmpty = (days: readonly StatsDay[]) =>
  days.every((d) => d.views + d.contacts + d.favourites + d.impressions === 0);

/** A promotion period (the listing's current or pending one). */
export interface Promotion {
  start: string | null;
  end: string | null;
}

/** Days (indexes into `days`) the listing was promoted: the days marked by the server, and the current promotion's days. */
export function promotedRuns(days: readonly StatsDay[], promotion?: Promotion | null, today?: string): { from: number; to: number }[] {
  const startDay = promotion?.start ? romeIsoDay(new Date(promotion.start)) : null;
  const endDay = promotion?.end ? romeIsoDay(new Date(promotion.end)) : null;
  const promoted = days.map(
    (d) => d.promoted || (startDay !== null && endDay !== null && d.day >= startDay && d.day <= endDay && (!today || d.day <= today)),
  );
  const runs: { from: number; to: number }[] = [];
  promoted.forEach((on, i) => {
    if (!on) return;
    const last = runs.at(-1);
    if (last && last.to === i - 1) last.to = i;
    else runs.push({ from: i, to: i });
  });
  return runs;
}

/** The smallest 1, 2 or 5 times a power of ten at or above `max` (at least 1): the chart's top. */
export function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

export interface ChartBox {
  width: number;
  height: number;
  /** room for the axis labels */
  left: number;
  bottom: number;
  top: number;
}

/** Where each day's bar and point go: bars for `bars`, the line's points for `line`, on one scale. */
export function chartGeometry(bars: readonly number[], line: readonly number[], box: ChartBox) {
  const top = niceMax(Math.max(0, ...bars, ...line));
  const plotW = box.width - box.left;
  const plotH = box.height - box.bottom - box.top;
  const slot = bars.length ? plotW / bars.length : plotW;
  const y = (v: number) => box.top + plotH - (v / top) * plotH;
  return {
    top,
    slot,
    y,
    bars: bars.map((v, i) => ({ x: box.left + i * slot + slot * 0.15, width: slot * 0.7, y: y(v), height: box.top + plotH - y(v) })),
    points: line.map((v, i) => ({ x: box.left + i * slot + slot / 2, y: y(v) })),
    ticks: [0, top / 2, top].filter((v, i, all) => all.indexOf(v) === i && (v === 0 || Number.isInteger(v))),
  };
}
