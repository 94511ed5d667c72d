/**
 * Whether the outbox database may hold anything (an entry, a refusal to show, the worker's
 * token): a mark in localStorage, set by the page after each such write and cleared by a start
 * that finds the database empty (resume.ts). A start without it opens no IndexedDB and loads
 * none of the outbox's code: most visitors never write anything. The worker writes only while
 * entries wait, so the mark is already there.
 */
export const OUTBOX_FLAG = 'incontri-outbox';

/** The page's localStorage; the worker has none (nor its type: this module is the worker's too, through db.ts). */
interface Marks {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}
const pageStorage = () => (globalThis as { localStorage?: Marks }).localStorage;

export function outboxInUse(): boolean {
  try {
    return pageStorage()!.getItem(OUTBOX_FLAG) !== null;
  } catch {
    // No localStorage to ask (the worker, a locked-down browser): look in the database.
    return true;
  }
}

export function markOutboxInUse(inUse = true): void {
  try {
    if (inUse) pageStorage()!.setItem(OUTBOX_FLAG, '1');
    else pageStorage()!.removeItem(OUTBOX_FLAG);
  } catch {
    /* the worker: see above */
  }
}
