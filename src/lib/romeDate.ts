/**
 * Dates in Italy without Intl or dayjs: the first time-zone formatter a page builds loads
 * ICU's zone data (tens of milliseconds on a phone), and the first screen shows twenty
 * listing dates. lib/dates.ts (dayjs) is for the signed-in screens' times.
 */

const MONTHS = ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'];

/** 01:00 UTC on the last Sunday of `month` (0-based) in `year`: when EU clocks change. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

const summers = new Map<number, [number, number]>();

/** When CEST starts and ends in `year` (cached: a page formats dozens of dates). */
function summerTime(year: number): [number, number] {
  let bounds = summers.get(year);
  if (!bounds) summers.set(year, (bounds = [lastSundayAt1Utc(year, 2), lastSundayAt1Utc(year, 9)]));
  return bounds;
}

/**
 * The calendar date in Italy: CET, and CEST from the last Sunday of March to the last Sunday
 * of October (the EU rule since 1996).
 */
export function romeDate(instant: Date): { day: number; month: number; year: number } {
  const { day, month, year } = romeClock(instant);
  return { day, month, year };
}

/** The date and the wall-clock time in Italy (same rule as romeDate). */
export function romeClock(instant: Date): { day: number; month: number; year: number; hour: number; minute: number } {
  const t = instant.getTime();
  const [start, end] = summerTime(instant.getUTCFullYear());
  const summer = t >= start && t < end;
  const local = new Date(t + (summer ? 2 : 1) * 3_600_000);
  return { day: local.getUTCDate(), month: local.getUTCMonth() + 1, year: local.getUTCFullYear(), hour: local.getUTCHours(), minute: local.getUTCMinutes() };
}

/** "27 novembre, 22:00" in Italy: a start the card shows without loading a date library. */
export function formatItalianDayTime(instant: Date): string {
  const { hour, minute } = romeClock(instant);
  return `${formatItalianDate(instant, { year: false })}, ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** "novembre 2026": the month and year in Italy. */
export function formatItalianMonthYear(instant: Date): string {
  const { month, year } = romeDate(instant);
  return `${MONTHS[month - 1] ?? ''} ${year}`;
}

/** "dd MMMM yyyy" in Italian, Europe/Rome ("05 marzo 2026"); without the year: "05 marzo". */
export function formatItalianDate(instant: Date, { year: withYear = true }: { year?: boolean } = {}): string {
  const { day, month, year } = romeDate(instant);
  const text = `${String(day).padStart(2, '0')} ${MONTHS[month - 1] ?? ''}`;
  return withYear ? `${text} ${year}` : text;
}
