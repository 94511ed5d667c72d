/**
 * The outbox's IndexedDB database, the one the app's tabs and the service worker share: the
 * entries, and a few records the worker needs to send without the page (meta). Every change is
 * announced on a BroadcastChannel, so tabs update their count whoever wrote.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { markOutboxInUse } from './flag.ts';
import type { OutboxEntry } from './model.ts';

const DB_NAME = 'incontri-outbox';
const CHANNEL = 'incontri-outbox';

/** What the page leaves for the worker (sendContext.ts), and the lock's fallback lease (lock.ts). */
export interface OutboxMeta {
  api: { url: string; anonKey: string };
  session: { userId: string; accessToken: string; expiresAt: number };
  lease: { owner: string; until: number };
  /** Refusals the worker met with no page open: the app shows them when it starts. */
  notices: string[];
}

interface OutboxSchema extends DBSchema {
  entries: { key: number; value: OutboxEntry; indexes: { id: string; userId: string } };
  meta: { key: keyof OutboxMeta; value: OutboxMeta[keyof OutboxMeta] };
}

let dbPromise: Promise<IDBPDatabase<OutboxSchema>> | null = null;

export function outboxDb(): Promise<IDBPDatabase<OutboxSchema>> {
  dbPromise ??= openDB<OutboxSchema>(DB_NAME, 1, {
    upgrade(database) {
      // An auto-incremented key keeps creation order across tabs and the worker.
      const entries = database.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
      entries.createIndex('id', 'id', { unique: true });
      // A visitor's entries (userId null) are simply absent from this index.
      entries.createIndex('userId', 'userId');
      database.createObjectStore('meta');
    },
    // Another context upgrading later: let it, and reopen on the next call.
    blocking() {
      void closeOutboxDb();
    },
  });
  return dbPromise;
}

const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
const localListeners = new Set<() => void>();

function changed() {
  localListeners.forEach((l) => l());
  try {
    channel?.postMessage('changed');
  } catch {
    /* closed channel: nothing to tell */
  }
}

/** Runs `listener` after any change to the entries, in this context or another. Returns the unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  localListeners.add(listener);
  channel?.addEventListener('message', listener);
  return () => {
    localListeners.delete(listener);
    channel?.removeEventListener('message', listener);
  };
}

export async function addEntry(entry: Omit<OutboxEntry, 'seq'>): Promise<void> {
  await (await outboxDb()).add('entries', entry);
  // After the write: a start that clears the mark meanwhile has either seen the entry or is marked again.
  markOutboxInUse();
  changed();
}

export async function allEntries(): Promise<OutboxEntry[]> {
  return (await outboxDb()).getAll('entries');
}

/** The entry as stored now (another context may have sent it meanwhile), or undefined. */
export async function findEntry(id: string): Promise<OutboxEntry | undefined> {
  return (await outboxDb()).getFromIndex('entries', 'id', id);
}

export async function putEntry(entry: OutboxEntry): Promise<void> {
  await (await outboxDb()).put('entries', entry);
  changed();
}

export async function deleteEntry(entry: OutboxEntry): Promise<void> {
  if (entry.seq === undefined) return;
  await (await outboxDb()).delete('entries', entry.seq);
  changed();
}

/** A signed-out account's writes go with its other local data. */
export async function clearForUser(userId: string): Promise<void> {
  const tx = (await outboxDb()).transaction('entries', 'readwrite');
  let cursor = await tx.store.index('userId').openCursor(userId);
  let removed = false;
  while (cursor) {
    await cursor.delete();
    removed = true;
    cursor = await cursor.continue();
  }
  await tx.done;
  if (removed) changed();
}

/** Every account's writes but `keep`'s, and the token left for the worker unless it is `keep`'s; a visitor's writes stay. */
export async function clearSignedIn(keep: string | null = null): Promise<void> {
  const database = await outboxDb();
  const tx = database.transaction(['entries', 'meta'], 'readwrite');
  let cursor = await tx.objectStore('entries').index('userId').openCursor();
  let removed = false;
  while (cursor) {
    if (cursor.value.userId !== keep) {
      await cursor.delete();
      removed = true;
    }
    cursor = await cursor.continue();
  }
  const session = (await tx.objectStore('meta').get('session')) as OutboxMeta['session'] | undefined;
  if (session && session.userId !== keep) await tx.objectStore('meta').delete('session');
  await tx.done;
  if (removed) changed();
}

/** Everything, the visitor's writes included. */
export async function clearAll(): Promise<void> {
  const database = await outboxDb();
  const tx = database.transaction(['entries', 'meta'], 'readwrite');
  await Promise.all([tx.objectStore('entries').clear(), tx.objectStore('meta').clear(), tx.done]);
  changed();
}

export async function getMeta<K extends keyof OutboxMeta>(key: K): Promise<OutboxMeta[K] | undefined> {
  return (await (await outboxDb()).get('meta', key)) as OutboxMeta[K] | undefined;
}

export async function setMeta<K extends keyof OutboxMeta>(key: K, value: OutboxMeta[K] | undefined): Promise<void> {
  const database = await outboxDb();
  if (value === undefined) await database.delete('meta', key);
  else {
    await database.put('meta', value, key);
    markOutboxInUse();
  }
}

/** Keeps a refusal for the app to show (the worker met it with no page open). */
export async function addNotice(message: string): Promise<void> {
  const tx = (await outboxDb()).transaction('meta', 'readwrite');
  const notices = ((await tx.store.get('notices')) as string[] | undefined) ?? [];
  await tx.store.put([...notices, message], 'notices');
  await tx.done;
}

/** The refusals kept so far, removed as they are read. */
export async function takeNotices(): Promise<string[]> {
  const tx = (await outboxDb()).transaction('meta', 'readwrite');
  const notices = ((await tx.store.get('notices')) as string[] | undefined) ?? [];
  if (notices.length) await tx.store.delete('notices');
  await tx.done;
  return notices;
}

/** Closes the connection, for another context's upgrade. */
async function closeOutboxDb(): Promise<void> {
  if (!dbPromise) return;
  const pending = dbPromise;
  dbPromise = null;
  (await pending).close();
}
