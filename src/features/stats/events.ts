/**
 * What a visitor's page reports for the listings' statistics, in the background: events wait
 * in memory and leave in batches of at most 50, two seconds after the last one or when the
 * page is hidden, as one `fetch(..., { keepalive: true })` to record_listing_events (it
 * outlives the page like sendBeacon, and unlike sendBeacon it carries the apikey and the
 * session's token, so the server can leave out the owner's and staff's own visits). Nothing
 * waits for it and a failure is dropped: counting never slows or breaks a page.
 * A view, a contact or a favourite carries the token the server signed with that listing's
 * page (issue 41). Offline nothing is sent: those events wait in the app's outbox with their
 * token (outbox.ts) and leave once the device is back online (or on the next start), unless their day is over.
 * Loaded on demand (dynamic import) from the visitor's screens.
 */
import { MAX_BATCH, sendStats, type StatsEvent, type StatsEventType } from './send.ts';

/** The token of the latest page of each listing opened here: its contacts and favourites carry it. */
const pageTokens = new Map<string, string>();

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export const FLUSH_DELAY_MS = 2000;

const queue: StatsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

/** Offline: the page's events with a token wait for the connection; the rest (search appearances) go. */
function keep(events: StatsEvent[]) {
  const tokened = events.filter((e) => e.token);
  if (tokened.length) void import('./outbox.ts').then((o) => o.keepForLater(tokened)).catch(() => undefined);
}

function send(events: StatsEvent[]) {
  if (offline()) keep(events);
  else void sendStats(events);
}

/** Sends what waits now, in batches of MAX_BATCH. */
export function flushStats() {
  if (timer) clearTimeout(timer);
  timer = null;
  while (queue.length) send(queue.splice(0, MAX_BATCH));
}

let listening = false;
function listen() {
  if (listening || typeof document === 'undefined') return;
  listening = true;
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flushStats());
  window.addEventListener('pagehide', flushStats);
}

/**
 * Queues events for `listing` ids; they leave FLUSH_DELAY_MS after the last one, or at once
 * when a batch is full. `token` is the page's (a view): the listing's later contacts and
 * favourites carry it too.
 */
export function trackStats(type: StatsEventType, listings: string | readonly string[], token?: string | null) {
  listen();
  for (const listing of typeof listings === 'string' ? [listings] : listings) {
    if (token) pageTokens.set(listing, token);
    const pageToken = type === 'impression' ? undefined : pageTokens.get(listing);
    queue.push(pageToken ? { type, listing, token: pageToken } : { type, listing });
  }
  if (queue.length >= MAX_BATCH) flushStats();
  if (!queue.length) return;
  if (timer) clearTimeout(timer);
  timer = setTimeout(flushStats, FLUSH_DELAY_MS);
}
