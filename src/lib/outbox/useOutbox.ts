/**
 * What waits in the outbox, for the screens: every entry in creation order, kept in step with
 * the database whoever changed it (this tab, another, the service worker).
 */
import { create } from 'zustand';
import { allEntries, onOutboxChange } from './db.ts';
import type { OutboxEntry } from './model.ts';

interface OutboxState {
  entries: OutboxEntry[];
}

export const useOutboxStore = create<OutboxState>(() => ({ entries: [] }));

async function reload(): Promise<void> {
  try {
    useOutboxStore.setState({ entries: await allEntries() });
  } catch {
    /* no IndexedDB (private mode): nothing can wait either */
  }
}

let following = false;

/** Loads the entries once and follows every later change. */
export function followOutbox(): void {
  if (following) return;
  following = true;
  onOutboxChange(() => void reload());
  void reload();
}

/** Statistics batches are nobody's action: they wait too, but the user is not told of them. */
const UNTOLD = new Set(['statsBatch']);

/** The waiting writes: all of them, the count of the user's actions, and those of one kind (a thread's replies, the reports). */
export function useOutbox() {
  const entries = useOutboxStore((s) => s.entries);
  return {
    entries,
    count: entries.filter((e) => !UNTOLD.has(e.kind)).length,
    byKind: <P = unknown>(kind: string) => entries.filter((e) => e.kind === kind) as OutboxEntry<P>[],
  };
}
