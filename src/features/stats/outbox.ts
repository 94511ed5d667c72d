/**
 * The statistics events a page made offline (issue 41) go to the app's outbox (issue 45) with
 * their page's token, as one batch whose id the server counts once; those whose token's day
 * (Rome) is over are left out, as the server would count nothing of them. Loaded only when needed.
 */
import { storedSessionUserId } from '@/lib/authStorage.ts';
import { enqueue } from '@/lib/outbox/enqueue.ts';
import { romeDate } from '@/lib/romeDate.ts';
import { statsDevice, type StatsEvent } from './send.ts';

/** Today in Rome as the tokens spell it (YYYY-MM-DD). */
export function romeToday(now = new Date()): string {
  const { year, month, day } = romeDate(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Still countable: its token is of today (the token starts with its day). */
export const fresh = (e: StatsEvent, today = romeToday()) => !!e.token && e.token.slice(0, 10) === today;

/** Keeps `events` for the connection; the signed-in user's session sends them, so her own visits are left out as online. */
export async function keepForLater(events: StatsEvent[]): Promise<void> {
  const today = romeToday();
  const kept = events.filter((e) => fresh(e, today));
  if (kept.length) await enqueue('statsBatch', { device: statsDevice(), events: kept }, { userId: storedSessionUserId() });
}
