/**
 * What a visitor's page reports for the listings' statistics, in the background: events wait
 * in memory and leave in batches of at most 50, two seconds after the last one or when the
 * page is hidden, as one `fetch(..., { keepalive: true })` to record_listing_events (it
 * outlives the page like sendBeacon, and unlike sendBeacon it carries the apikey and the
 * session's token, so the server can leave out the owner's and staff's own visits). Nothing
 * waits for it and a failure is dropped: counting never slows or breaks a page.
 * Loaded on demand (dynamic import) from the visitor's screens.
 */
import { AUTH_STORAGE_KEY } from '@/lib/authStorage.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '@/lib/env.ts';

export type StatsEventType = 'view' | 'call' | 'whatsapp' | 'favourite' | 'impression';
export interface StatsEvent {
  type: StatsEventType;
  listing: string;
}

/** The device's random id for statistics (the server only ever keeps it hashed with the day's salt). */
export const STATS_DEVICE_KEY = 'incontri-stats-device';
export const MAX_BATCH = 50;
export const FLUSH_DELAY_MS = 2000;

const queue: StatsEvent[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;
let fallbackDevice: string | null = null;

/** This device's random id, kept in localStorage; without storage, one per page load. */
export function statsDevice(): string {
  try {
    let id = localStorage.getItem(STATS_DEVICE_KEY);
    if (!id) {
      id = crypto.randomUUID();
      localStorage.setItem(STATS_DEVICE_KEY, id);
    }
    return id;
  } catch {
    return (fallbackDevice ??= crypto.randomUUID());
  }
}

/** The signed-in session's access token while it is valid, so the server knows the owner and staff; else the anon key. */
function bearer(): string {
  try {
    const raw = localStorage.getItem(AUTH_STORAGE_KEY);
    const session = raw ? (JSON.parse(raw) as { access_token?: string; expires_at?: number }) : null;
    if (session?.access_token && (session.expires_at ?? 0) * 1000 > Date.now() + 10_000) return session.access_token;
  } catch {
    /* unreadable: report as a visitor */
  }
  return SUPABASE_ANON_KEY;
}

function send(events: StatsEvent[]) {
  try {
    void fetch(`${SUPABASE_URL}/rest/v1/rpc/record_listing_events`, {
      method: 'POST',
      keepalive: true,
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${bearer()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_device: statsDevice(), p_events: events }),
    }).catch(() => undefined);
  } catch {
    /* best effort */
  }
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

/** Queues events for `listing` ids; they leave FLUSH_DELAY_MS after the last one, or at once when a batch is full. */
export function trackStats(type: StatsEventType, listings: string | readonly string[]) {
  listen();
  for (const listing of typeof listings === 'string' ? [listings] : listings) queue.push({ type, listing });
  if (queue.length >= MAX_BATCH) flushStats();
  if (!queue.length) return;
  if (timer) clearTimeout(timer);
  timer = setTimeout(flushStats, FLUSH_DELAY_MS);
}
