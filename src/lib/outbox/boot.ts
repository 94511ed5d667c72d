/**
 * The outbox at page start: the waiting count for the banner at once; the replay's code (and
 * supabase-js with it) only when something waits or the worker left a refusal to show, so a
 * visitor's first page carries neither. enqueue.ts starts it otherwise.
 */
import { allEntries, getMeta } from './db.ts';
import { followOutbox } from './useOutbox.ts';

export async function bootOutbox(): Promise<void> {
  followOutbox();
  try {
    const [entries, notices] = await Promise.all([allEntries(), getMeta('notices')]);
    if (!entries.length && !notices?.length) return;
  } catch {
    return; // no IndexedDB: nothing can wait
  }
  (await import('./triggers.ts')).startOutbox();
}
