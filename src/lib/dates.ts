/**
 * Dates as Italians read them: dayjs with the 'it' locale (week starts on Monday),
 * shown in Europe/Rome. SPEC §9: dd/MM/yyyy HH:mm; listing dates dd MMMM yyyy.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/it';
import relativeTime from 'dayjs/plugin/relativeTime';
import updateLocale from 'dayjs/plugin/updateLocale';
import utc from 'dayjs/plugin/utc';
import timezone from 'dayjs/plugin/timezone';
import { formatItalianDate } from './romeDate.ts';

dayjs.extend(relativeTime);
dayjs.extend(updateLocale);
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('it');
dayjs.updateLocale('it', { weekStart: 1 });

export const TIME_ZONE = 'Europe/Rome';

type DateInput = string | number | Date | dayjs.Dayjs;

function rome(value: DateInput) {
  return dayjs(value).tz(TIME_ZONE);
}

/** 'tra 5 minuti' / '3 ore fa', relative to `now`. */
export function relativeTimeIt(value: DateInput, now: DateInput = new Date()): string {
  return dayjs(value).locale('it').from(dayjs(now));
}

/** dd/MM/yyyy HH:mm */
export function formatDateTime(value: DateInput): string {
  return rome(value).format('DD/MM/YYYY HH:mm');
}

/** dd/MM/yyyy */
export function formatDate(value: DateInput): string {
  return rome(value).format('DD/MM/YYYY');
}

/** dd MMMM yyyy, e.g. '05 marzo 2026' (the light formatter listings use, for one spelling). */
export function formatLongDate(value: DateInput): string {
  return formatItalianDate(dayjs(value).toDate());
}

/** Monday of the week containing `value` (the 'it' locale starts weeks on Monday). */
export function startOfWeek(value: DateInput): dayjs.Dayjs {
  return dayjs(value).locale('it').startOf('week');
}

export { dayjs };

/** The instant a Rome calendar day ('YYYY-MM-DD') begins, as ISO (for date filters). */
export function romeDayStart(day: string): string {
  return dayjs.tz(day, TIME_ZONE).toISOString();
}
