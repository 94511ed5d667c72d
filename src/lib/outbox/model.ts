/**
 * The outbox's rules as pure functions: the order entries leave in, which are due, the
 * backoff after a network failure, what a server reply means, and which queued copies the
 * server's rows already stand for.
 */
import { toApiError } from '../apiError.ts';

/** One write waiting to reach the server. `id` is the client-made id the server applies once. */
export interface OutboxEntry<P = unknown> {
  /** Creation order across the app and the service worker (IndexedDB's key generator). */
  seq?: number;
  id: string;
  kind: string;
  payload: P;
  /** The account it belongs to; null for a visitor's write (a report, a statistics event). */
  userId: string | null;
  createdAt: number;
  /** Failed sends so far. */
  attempts: number;
  nextAttemptAt: number;
  lastError: string | null;
}

/** What a sender says became of an entry: `drop` carries the Italian message for the user, or null to drop it without a word. */
export type SendResult = 'sent' | 'retry' | { drop: string | null };

/** A reply of the API: status 0 when the request never got one (the network). */
export interface ApiReply {
  status: number;
  body: unknown;
}

const BACKOFF_BASE_MS = 5_000;
export const BACKOFF_CAP_MS = 10 * 60_000;

/** Each user's entries form one lane, in creation order: a reply never overtakes its ticket. */
export function lanes(entries: readonly OutboxEntry[]): OutboxEntry[][] {
  const byUser = new Map<string, OutboxEntry[]>();
  for (const entry of [...entries].sort(byCreation)) {
    const key = entry.userId ?? '';
    const lane = byUser.get(key);
    if (lane) lane.push(entry);
    else byUser.set(key, [entry]);
  }
  return [...byUser.values()];
}

function byCreation(a: OutboxEntry, b: OutboxEntry): number {
  return (a.seq ?? Infinity) - (b.seq ?? Infinity) || a.createdAt - b.createdAt;
}

/**
 * The entries a replay may try, in order: each lane up to its first entry still backing off
 * (what follows it waits too). `ignoreBackoff` when the network is known to be back.
 */
export function dueEntries(entries: readonly OutboxEntry[], now: number, ignoreBackoff = false): OutboxEntry[][] {
  return lanes(entries)
    .map((lane) => {
      const blocked = ignoreBackoff ? -1 : lane.findIndex((e) => e.nextAttemptAt > now);
      return blocked === -1 ? lane : lane.slice(0, blocked);
    })
    .filter((lane) => lane.length > 0);
}

/** Doubling from 5 s up to 10 min, with ±20 % jitter so tabs and devices do not retry in step. */
export function backoffMs(attempts: number, random: () => number = Math.random): number {
  const plain = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(plain * (0.8 + 0.4 * random()));
}

/** The entry after one more failed send. */
export function afterFailure(entry: OutboxEntry, error: string, now: number, random?: () => number): OutboxEntry {
  const attempts = entry.attempts + 1;
  return { ...entry, attempts, nextAttemptAt: now + backoffMs(attempts, random), lastError: error };
}

/**
 * What a reply means, by the API error contract (apiError.ts): sent; retry for the network,
 * the server's own failure, a timeout, a rate limit or a session the context could not renew
 * (a sign-out drops it with the account's data); any other 4xx is a refusal that will not
 * change (asking again would only fail again): dropped, with its Italian message.
 */
export async function replyOutcome(reply: ApiReply): Promise<SendResult> {
  const { status, body } = reply;
  if (status >= 200 && status < 300) return 'sent';
  if (status === 0 || status === 401 || status === 408 || status === 429 || status >= 500) return 'retry';
  // An edge function's refusal: `{error: 'Italian message'}`.
  const functionError = (body as { error?: unknown } | null)?.error;
  if (typeof functionError === 'string' && functionError) return { drop: functionError };
  const error = await toApiError(body, status);
  if (error.kind === 'offline' || error.kind === 'unauthenticated') return 'retry';
  if (error.code === '57014' || error.code?.startsWith('over_')) return 'retry';
  return { drop: error.message };
}

/** A short description of a failed reply for `lastError`. */
export function replyError(reply: ApiReply): string {
  if (reply.status === 0) return 'network';
  const body = reply.body as { message?: unknown } | null;
  return typeof body?.message === 'string' ? `${reply.status} ${body.message}` : String(reply.status);
}

/**
 * The queued copies still to show beside the server's rows: a row whose `client_id` is an
 * entry's id is that entry already arrived (the realtime echo), so it is shown once.
 */
export function withoutEchoes<E extends Pick<OutboxEntry, 'id'>>(queued: readonly E[], rows: readonly { client_id?: string | null }[]): E[] {
  const arrived = new Set(rows.map((r) => r.client_id).filter((id): id is string => typeof id === 'string'));
  return queued.filter((e) => !arrived.has(e.id));
}
