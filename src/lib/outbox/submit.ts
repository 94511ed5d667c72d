/**
 * A write from a screen: queued in the outbox, then, online, its first attempt awaited, so the
 * screen says at once whether it arrived, waits for the connection, or was refused (in the
 * server's Italian words, shown by the screen where the user acted rather than as a toast).
 */
import { toastError, toastNotice, toastSuccess } from '../toast.ts';
import { findEntry } from './db.ts';
import { enqueue, type EnqueueOptions, type PayloadOf } from './enqueue.ts';
import { claimDrop } from './pageHost.ts';
import type { OutboxKind } from './senders.ts';
import { replayOutbox } from './triggers.ts';
import { holdWhileSending } from './useOutbox.ts';

export type SubmitOutcome = { status: 'sent' } | { status: 'queued' } | { status: 'refused'; message: string };

/**
 * `id` as enqueue's. Without IndexedDB (private mode) nothing can wait: `direct(id)` sends it the
 * ordinary way (api.ts), and its rejection is the screen's to show.
 */
export async function submitWrite<K extends OutboxKind>(
  kind: K,
  payload: PayloadOf<K>,
  { userId, id = crypto.randomUUID() }: EnqueueOptions,
  direct: (id: string) => Promise<unknown>,
): Promise<SubmitOutcome> {
  let refused: string | null = null;
  const release = claimDrop(id, (message) => {
    refused = message;
  });
  // Not shown as waiting while the screen awaits it: it arrives, waits or is refused, and the screen says which.
  const unhold = holdWhileSending(id);
  try {
    try {
      await enqueue(kind, payload, { userId, id });
    } catch {
      await direct(id);
      return { status: 'sent' };
    }
    // enqueue has started a replay; this waits for it (and runs one more if it was already busy).
    await replayOutbox();
    if (refused !== null) return { status: 'refused', message: refused };
    return (await findEntry(id)) ? { status: 'queued' } : { status: 'sent' };
  } finally {
    release();
    unhold();
  }
}

/** The usual toast for an outcome: `sent` or `queued` (the screen's Italian words), or the server's refusal. True unless refused. */
export function toastOutcome(outcome: SubmitOutcome, words: { sent: string; queued: string }): boolean {
  if (outcome.status === 'refused') toastError(outcome.message);
  else if (outcome.status === 'sent') toastSuccess(words.sent);
  else toastNotice(words.queued);
  return outcome.status !== 'refused';
}
