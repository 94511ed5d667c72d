/**
 * The outbox at a start that found its mark (boot.ts): the waiting count for the banner; the
 * replay's code (and supabase-js with it) only when something waits or the worker left a
 * refusal to show. Found empty, the worker's token goes and the mark with it, so the next start
 * skips all this. enqueue.ts starts the replay otherwise.
 */
import { allEntries, getMeta, setMeta } from './db.ts';
import { markOutboxInUse } from './flag.ts';
import { withOutboxLock } from './lock.ts';
import { followOutbox } from './useOutbox.ts';

/** True when something waits. Under the lock, so a worker's replay is never caught between a drop and its notice. */
async function forgetIfEmpty(): Promise<boolean> {
  const waiting = await withOutboxLock(async () => {
    // Unmarked first: a page writing meanwhile marks again after its write, or this sees it.
    markOutboxInUse(false);
    const [entries, notices] = await Promise.all([allEntries(), getMeta('notices')]);
    if (entries.length || notices?.length) return true;
    await setMeta('session', undefined);
    return false;
  });
  // Null: another replay holds the fallback lease; it may leave something.
  if (waiting !== false) markOutboxInUse();
  return waiting !== false;
}

export async function resumeOutbox(): Promise<void> {
  followOutbox();
  try {
    if (!(await forgetIfEmpty())) return;
  } catch {
    return; // no IndexedDB: nothing can wait
  }
  (await import('./triggers.ts')).startOutbox();
}
