/**
 * The one storage adapter behind the persisted Zustand stores: key/value pairs in an
 * IndexedDB object store (through idb), with a BroadcastChannel so another tab of the app
 * hears about every write and can rehydrate.
 */
import { openDB, type IDBPDatabase } from 'idb';
import type { StateStorage } from 'zustand/middleware';

const IDB_NAME = 'incontri-state';
const IDB_STORE = 'kv';
const CHANNEL = 'incontri-state-sync';

let dbPromise: Promise<IDBPDatabase> | null = null;

function db(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(IDB_NAME, 1, {
    upgrade(database) {
      if (!database.objectStoreNames.contains(IDB_STORE)) database.createObjectStore(IDB_STORE);
    },
  });
  return dbPromise;
}

/** Tabs of this origin exchange `{ name }` after each write; null where unsupported. */
const channel: BroadcastChannel | null = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

function announce(name: string) {
  try {
    channel?.postMessage({ name });
  } catch {
    /* closed channel: nothing to tell */
  }
}

export const idbStorage: StateStorage = {
  async getItem(name) {
    const value = (await (await db()).get(IDB_STORE, name)) as string | undefined;
    return value ?? null;
  },
  async setItem(name, value) {
    await (await db()).put(IDB_STORE, value, name);
    announce(name);
  },
  async removeItem(name) {
    await (await db()).delete(IDB_STORE, name);
    announce(name);
  },
};

/** Runs `listener` whenever another tab writes `name`. Returns the unsubscribe. */
export function onStorageWrite(name: string, listener: () => void): () => void {
  // Listen on the same channel object that posts: a BroadcastChannel never receives its own
  // messages, whereas a second object in this tab would hear this tab's writes too.
  if (!channel) return () => undefined;
  const onMessage = (event: MessageEvent<{ name?: string }>) => {
    if (event.data?.name === name) listener();
  };
  channel.addEventListener('message', onMessage);
  return () => channel.removeEventListener('message', onMessage);
}

/** Closes the connection (tests use this before deleting the database). */
export async function closeIdb() {
  if (!dbPromise) return;
  (await dbPromise).close();
  dbPromise = null;
}
