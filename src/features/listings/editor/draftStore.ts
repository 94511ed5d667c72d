/**
 * The listing editor's drafts in IndexedDB, one per user and listing ('new' for the listing
 * being created): the typed values, the photos chosen but not uploaded yet (their blobs) and
 * the creation key of the next 'Pubblica'. Written on every change, so a reload, going
 * offline, a crash or a failed submit loses nothing; removed after a successful save.
 */
import { openDB, type IDBPDatabase } from 'idb';
import type { ListingFormValues } from './listingForm.ts';

/** A chosen photo not yet uploaded (the photos feature's DraftPhoto, structurally). */
export interface StoredDraftPhoto {
  id: string;
  cropped: Blob;
  original: Blob;
}

export interface ListingDraft {
  values: ListingFormValues;
  photos: StoredDraftPhoto[];
  /** create_listing's idempotency key for this draft: the same until the listing exists. */
  creationKey: string;
  /** Set when the listing was created but some photos did not upload: the edit page retries them. */
  listingId?: string;
  updatedAt: number;
}

export const DRAFT_DB = 'incontri-drafts';
const STORE = 'listing-drafts';

let dbPromise: Promise<IDBPDatabase> | null = null;

function db(): Promise<IDBPDatabase> {
  dbPromise ??= openDB(DRAFT_DB, 1, {
    upgrade(database) {
      if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE);
    },
  });
  return dbPromise;
}

/** The key of a user's draft of a listing; 'new' for the one being created. */
export const draftKey = (userId: string, listingId: string | null) => `${userId}:${listingId ?? 'new'}`;

export async function loadDraft(key: string): Promise<ListingDraft | null> {
  try {
    return ((await (await db()).get(STORE, key)) as ListingDraft | undefined) ?? null;
  } catch (err) {
    // Private windows without IndexedDB: the form still works, only without a draft.
    console.warn('draft read failed', err);
    return null;
  }
}

export async function saveDraft(key: string, draft: ListingDraft): Promise<void> {
  try {
    await (await db()).put(STORE, draft, key);
  } catch (err) {
    console.warn('draft write failed', err);
  }
}

export async function clearDraft(key: string): Promise<void> {
  try {
    await (await db()).delete(STORE, key);
  } catch (err) {
    console.warn('draft delete failed', err);
  }
}

/** Closes the connection (tests use this before deleting the database). */
export async function closeDraftDb() {
  if (!dbPromise) return;
  (await dbPromise).close();
  dbPromise = null;
}
