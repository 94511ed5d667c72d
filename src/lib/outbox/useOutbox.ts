/**
 * What waits in the outbox, for the screens: every entry in creation order, kept in step with
 * the database whoever changed it (this tab, another, the service worker). The store is on every
 * page (the offline banner, the bell); the database's code only once the outbox is followed.
 */
import { create } from 'zustand';
import type { OutboxEntry } from './model.ts';

interface OutboxState {
  entries: OutboxEntry[];
  /** The entries a screen is sending right now (submit.ts): it says itself what became of them, so they are not waiting. */
  sending: string[];
}

export const useOutboxStore = create<OutboxState>(() => ({ entries: [], sending: [] }));

/** Marks `id` as being sent by the screen that made it, until the returned release. */
export function holdWhileSending(id: string): () => void {
  useOutboxStore.setState((s) => ({ sending: [...s.sending, id] }));
  return () => useOutboxStore.setState((s) => ({ sending: s.sending.filter((x) => x !== id) }));
}

let following = false;

/** Loads the entries once and follows every later change. */
export function followOutbox(): void {
  if (following) return;
  following = true;
  void import('./db.ts').then(({ allEntries, onOutboxChange }) => {
    const reload = () =>
      allEntries().then(
        (entries) => useOutboxStore.setState({ entries }),
        () => undefined, // no IndexedDB (private mode): nothing can wait either
      );
    onOutboxChange(() => void reload());
    return reload();
  });
}

/** Statistics batches are nobody's action: they wait too, but the user is not told of them. */
const UNTOLD = new Set(['statsBatch']);

/**
 * The writes in the outbox: all of them (a screen showing its changes as done), and those waiting
 * (not the ones a screen is sending right now): their count of the user's actions, and those of
 * one kind (a thread's replies, the reports), which screens show as waiting.
 */
export function useOutbox() {
  const entries = useOutboxStore((s) => s.entries);
  const sending = useOutboxStore((s) => s.sending);
  const waiting = sending.length ? entries.filter((e) => !sending.includes(e.id)) : entries;
  return {
    entries,
    count: waiting.filter((e) => !UNTOLD.has(e.kind)).length,
    byKind: <P = unknown>(kind: string) => waiting.filter((e) => e.kind === kind) as OutboxEntry<P>[],
  };
}
