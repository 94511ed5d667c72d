/**
 * The statistics events a page made offline (issue 41): kept in IndexedDB with their page's
 * token and sent once when the device is back online, or on the next start; those whose token's
 * day (Rome) is over are dropped without a word, as the server would refuse them. Small and
 * separate so the app-wide outbox (issue 45) can take it over. Loaded only when needed.
 */
import { idbStorage } from '@/lib/idbStorage.ts';
import { romeDate } from '@/lib/romeDate.ts';
import { MAX_BATCH, STATS_OUTBOX_FLAG, sendStats, type StatsEvent } from './send.ts';

const KEY = 'stats-outbox';
/** A device offline for long keeps at most this many (a day's browsing). */
const MAX_KEPT = 500;

/** Today in Rome as the tokens spell it (YYYY-MM-DD). */
export function romeToday(now = new Date()): string {
  const { year, month, day } = romeDate(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Still countable: its token is of today (the token starts with its day). */
export const fresh = (e: StatsEvent, today = romeToday()) => !!e.token && e.token.slice(0, 10) === today;

async function read(): Promise<StatsEvent[]> {
  try {
    const raw = await idbStorage.getItem(KEY);
    const list = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(list) ? (list as StatsEvent[]) : [];
  } catch {
    return [];
  }
}

async function write(events: StatsEvent[]) {
  try {
    if (events.length) {
      await idbStorage.setItem(KEY, JSON.stringify(events.slice(-MAX_KEPT)));
      localStorage.setItem(STATS_OUTBOX_FLAG, '1');
    } else {
      await idbStorage.removeItem(KEY);
      localStorage.removeItem(STATS_OUTBOX_FLAG);
    }
  } catch {
    /* no storage: the events are lost, as a failed request's would be */
  }
}

let chain: Promise<unknown> = Promise.resolve();
/** One change at a time in this tab (a drain and an enqueue never lose each other's events). */
function serial<T>(fn: () => Promise<T>): Promise<T> {
  const next = chain.then(fn, fn);
  chain = next.catch(() => undefined);
  return next;
}

/** Keeps `events` (with their tokens) for later. */
export function enqueue(events: StatsEvent[]): Promise<void> {
  return serial(async () => write([...(await read()), ...events.filter((e) => fresh(e))]));
}

/** Sends what is kept and still of today, once: taken out first, put back only if the request failed. */
export function drain(): Promise<void> {
  return serial(async () => {
    const waiting = (await read()).filter((e) => fresh(e));
    await write([]);
    const failed: StatsEvent[] = [];
    for (let i = 0; i < waiting.length; i += MAX_BATCH) {
      const batch = waiting.slice(i, i + MAX_BATCH);
      if (!(await sendStats(batch))) failed.push(...batch);
    }
    if (failed.length) await write(failed);
  });
}
