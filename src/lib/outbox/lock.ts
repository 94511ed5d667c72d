/**
 * One replay at a time across the app's tabs and the service worker, so two of them never
 * send the same entry: the Web Locks API where there is one (it waits its turn), otherwise a
 * lease in the outbox database (a busy lease skips this turn; the holder or a later trigger
 * sends what is left).
 */
import { outboxDb } from './db.ts';

const LOCK_NAME = 'outbox';
/** Longer than a replay takes; a context that died holding it frees it by expiry. */
const LEASE_MS = 2 * 60_000;

/** Runs `run` holding the outbox lock; null when the fallback lease is held elsewhere. */
export async function withOutboxLock<T>(run: () => Promise<T>): Promise<T | null> {
  // Absent in older browsers, whatever TypeScript's library says.
  const locks: LockManager | undefined = navigator.locks;
  if (locks) return locks.request(LOCK_NAME, run);
  const owner = crypto.randomUUID();
  if (!(await takeLease(owner, Date.now()))) return null;
  try {
    return await run();
  } finally {
    await releaseLease(owner);
  }
}

/** IndexedDB runs read-write transactions on one store one after another: this read-then-write is atomic. */
async function takeLease(owner: string, now: number): Promise<boolean> {
  const tx = (await outboxDb()).transaction('meta', 'readwrite');
  const lease = (await tx.store.get('lease')) as { owner: string; until: number } | undefined;
  const free = !lease || lease.until <= now;
  if (free) await tx.store.put({ owner, until: now + LEASE_MS }, 'lease');
  await tx.done;
  return free;
}

async function releaseLease(owner: string): Promise<void> {
  const tx = (await outboxDb()).transaction('meta', 'readwrite');
  const lease = (await tx.store.get('lease')) as { owner: string } | undefined;
  if (lease?.owner === owner) await tx.store.delete('lease');
  await tx.done;
}
