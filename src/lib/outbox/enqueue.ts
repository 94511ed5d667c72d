/** Queues a write: stored first, so a closed app or a lost signal never loses it, then sent as soon as it can be. */
import { addEntry } from './db.ts';
import type { OutboxEntry } from './model.ts';
import type { OutboxKind, outboxSenders } from './senders.ts';
import { replayOutbox, requestSync, startOutbox } from './triggers.ts';

export interface EnqueueOptions {
  /** The signed-in user it belongs to; null for a visitor's write. */
  userId: string | null;
  /** The client id the server applies once; made here unless the screen needs it first (a reply to a ticket still queued). */
  id?: string;
}

/** The payload a kind's sender takes (senders.ts). */
export type PayloadOf<K extends OutboxKind> = Parameters<(typeof outboxSenders)[K]>[0]['payload'];

/** Stores the write and returns its entry (its `id` is the client id); rejects when IndexedDB is unavailable. */
export async function enqueue<K extends OutboxKind>(kind: K, payload: PayloadOf<K>, { userId, id = crypto.randomUUID() }: EnqueueOptions): Promise<OutboxEntry<PayloadOf<K>>> {
  const now = Date.now();
  const entry: OutboxEntry<PayloadOf<K>> = { id, kind, payload, userId, createdAt: now, attempts: 0, nextAttemptAt: now, lastError: null };
  await addEntry(entry);
  startOutbox();
  void requestSync();
  void replayOutbox();
  return entry;
}
