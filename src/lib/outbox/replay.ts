/**
 * The replay: under the outbox lock, each user's due entries leave in creation order through
 * the sender registered for their kind. Sent entries go; a network failure keeps the entry
 * with a longer wait (and holds back that user's later entries); a refusal that will not change
 * drops it and tells the user. The host (a page or the service worker) says how to get a session.
 */
import { allEntries, deleteEntry, findEntry, putEntry } from './db.ts';
import { withOutboxLock } from './lock.ts';
import { afterFailure, dueEntries, replyError, type OutboxEntry, type SendResult } from './model.ts';
import { sendContext, type Credentials, type Sender } from './send.ts';

export interface ReplayHost {
  /** Where to send and the token for `userId` (refreshed first if expired); null when none can be had now: the entry waits. */
  credentials(userId: string | null): Promise<Credentials | null>;
  /** A new token after the API refused the one sent; null when none. */
  refresh(userId: string | null): Promise<string | null>;
  /** The server refused the entry for good: tell the user, in Italian. */
  dropped(entry: OutboxEntry, message: string): void | Promise<void>;
  sent?(entry: OutboxEntry): void;
}

export interface ReplayOptions {
  /** The network is known to be back (an `online` or `sync` event): try what is backing off too. */
  ignoreBackoff?: boolean;
  now?: () => number;
  random?: () => number;
}

export interface ReplaySummary {
  sent: number;
  retried: number;
  dropped: number;
}

const senders = new Map<string, Sender>();

/** Declares how each kind is sent; the app and the worker register the same table. */
export function registerSenders(table: Record<string, Sender<never>>): void {
  for (const [kind, sender] of Object.entries(table)) senders.set(kind, sender as Sender);
}

/** Sends what is due, once at a time across tabs and the worker; null when another replay holds the fallback lease. */
export function runReplay(host: ReplayHost, options: ReplayOptions = {}): Promise<ReplaySummary | null> {
  return withOutboxLock(() => replayLocked(host, options));
}

async function replayLocked(host: ReplayHost, { ignoreBackoff = false, now = Date.now, random }: ReplayOptions): Promise<ReplaySummary> {
  const summary: ReplaySummary = { sent: 0, retried: 0, dropped: 0 };
  for (const lane of dueEntries(await allEntries(), now(), ignoreBackoff)) {
    for (const planned of lane) {
      // Cleared meanwhile (a sign-out) or sent by a replay that held the lock before this one.
      const entry = await findEntry(planned.id);
      if (!entry) continue;
      const sender = senders.get(entry.kind);
      const credentials = sender ? await host.credentials(entry.userId) : null;
      // No way to send it now: it and the user's later entries wait, in order.
      if (!sender || !credentials) break;
      const ctx = sendContext(credentials, () => host.refresh(entry.userId));
      let result: SendResult;
      let error: string | null = null;
      try {
        result = await sender(entry, ctx);
      } catch (err) {
        // A sender's own bug must not lose the write: it waits like a network failure.
        result = 'retry';
        error = err instanceof Error ? err.message : String(err);
      }
      if (result === 'sent') {
        await deleteEntry(entry);
        summary.sent += 1;
        host.sent?.(entry);
      } else if (result === 'retry') {
        await putEntry(afterFailure(entry, error ?? (ctx.last ? replyError(ctx.last) : 'retry'), now(), random));
        summary.retried += 1;
        break;
      } else {
        await deleteEntry(entry);
        summary.dropped += 1;
        if (result.drop !== null) await host.dropped(entry, result.drop);
      }
    }
  }
  return summary;
}
