/**
 * The request that records a batch of statistics events (record_listing_events), and what it
 * carries: this device's random id and the session's token. Shared by the live queue
 * (events.ts) and the offline batches (outbox.ts), which events.ts loads on demand: both import
 * it, so neither imports the other back.
 */
import { AUTH_STORAGE_KEY } from '@/lib/authStorage.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from '@/lib/env.ts';

export type StatsEventType = 'view' | 'call' | 'whatsapp' | 'favourite' | 'impression';
export interface StatsEvent {
  type: StatsEventType;
  listing: string;
  /** The token of the listing's page this event happened on (none for search appearances). */
  token?: string;
}

/** The device's random id for statistics (the server only ever keeps it hashed with the day's salt). */
export const STATS_DEVICE_KEY = 'incontri-stats-device';
export const MAX_BATCH = 50;

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

/** Posts one batch; resolves true when the server answered (whatever it counted). */
export function sendStats(events: StatsEvent[]): Promise<boolean> {
  try {
    return fetch(`${SUPABASE_URL}/rest/v1/rpc/record_listing_events`, {
      method: 'POST',
      keepalive: true,
      headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${bearer()}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ p_device: statsDevice(), p_events: events }),
    }).then(
      (r) => r.ok,
      () => false,
    );
  } catch {
    return Promise.resolve(false);
  }
}
