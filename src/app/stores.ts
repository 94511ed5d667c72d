/**
 * The persisted stores as one set: rehydrated before the UI that depends on them paints,
 * kept in step with other tabs, and cleared together on log out.
 */
import type { StoreApi, UseBoundStore } from 'zustand';
import { idbStorage, onStorageWrite } from '@/lib/idbStorage.ts';
import { storedSessionUserId } from '@/lib/authStorage.ts';
import { ifOutboxInUse } from '@/lib/outbox/boot.ts';
import { SESSION_STORE, clearSessionStore, useSessionStore } from '@/features/auth/index.ts';
// By path, not through index.ts: the barrels would pull the bell and the coupon note into the first chunk.
import { NOTIFICATIONS_STORE, clearNotificationsStore, useNotificationsStore } from '@/features/notifications/store.ts';
import { COUPONS_STORE, clearCouponsStore, useCouponsStore } from '@/features/coupons/store.ts';
import { FAVOURITES_STORE, clearFavouritesStore, useFavouritesStore } from '@/features/favourites/index.ts';

interface PersistApi {
  persist: { rehydrate: () => Promise<void> | void };
}
type PersistedStore = UseBoundStore<StoreApi<object>> & PersistApi;

interface Synced {
  name: string;
  store: PersistedStore;
  /** Nothing worth forgetting: clearing again would only echo between tabs. */
  isEmpty: () => boolean;
  clear: () => Promise<void>;
}

const synced: Synced[] = [
  { name: SESSION_STORE, store: useSessionStore, isEmpty: () => useSessionStore.getState().user === null, clear: clearSessionStore },
  {
    name: NOTIFICATIONS_STORE,
    store: useNotificationsStore,
    isEmpty: () => useNotificationsStore.getState().owner === null && useNotificationsStore.getState().items.length === 0,
    clear: clearNotificationsStore,
  },
  {
    name: COUPONS_STORE,
    store: useCouponsStore,
    isEmpty: () => useCouponsStore.getState().owner === null && useCouponsStore.getState().applied === null,
    clear: clearCouponsStore,
  },
  {
    name: FAVOURITES_STORE,
    store: useFavouritesStore,
    // A visitor's own favourites stay on the device; only an account's copy is forgotten.
    isEmpty: () => useFavouritesStore.getState().owner === null,
    clear: clearFavouritesStore,
  },
];

/** Notifications, coupons and favourites (the session store hydrates inside startSession). */
export async function hydrateStores() {
  await Promise.all([useNotificationsStore.persist.rehydrate(), useCouponsStore.persist.rehydrate(), useFavouritesStore.persist.rehydrate()]).catch(() => undefined);
}

/** Another tab wrote a store: take its state, or the initial one if it was removed. */
export function syncStoresAcrossTabs(): () => void {
  const offs = synced.map(({ name, store, isEmpty, clear }) =>
    onStorageWrite(name, () => {
      void Promise.resolve(idbStorage.getItem(name)).then((raw) => {
        if (raw !== null) void store.persist.rehydrate();
        else if (!isEmpty()) void clear();
      });
    }),
  );
  return () => offs.forEach((off) => off());
}

/**
 * The bell, coupons, favourites and queued writes of a viewer who is no longer signed in. The
 * writes of a session supabase-js still keeps stay: a start offline with an expired token
 * looks signed out here, and the writes are what the outbox is for.
 */
export async function clearViewerLeftovers() {
  await Promise.all([...synced.filter((s) => s.name !== SESSION_STORE && !s.isEmpty()).map((s) => s.clear()), ifOutboxInUse((db) => db.clearSignedIn(storedSessionUserId())).catch(() => undefined)]);
}

export async function clearPersistedState() {
  await Promise.all([clearSessionStore(), clearNotificationsStore(), clearCouponsStore(), clearFavouritesStore(), ifOutboxInUse((db) => db.clearSignedIn()).catch(() => undefined)]);
}

/** Whenever the viewer signs out (here, in another tab, or by session expiry), forget their data and their queued writes. */
export function clearOnSignOut(): () => void {
  return useSessionStore.subscribe((state, previous) => {
    const left = (previous.user && !state.user) || (previous.user && state.user && previous.user.id !== state.user.id);
    if (!left || !previous.user) return;
    void Promise.all([clearNotificationsStore(), clearCouponsStore(), clearFavouritesStore()]);
    // The same session still kept by supabase-js: not a sign-out but an offline start (see clearViewerLeftovers).
    const gone = previous.user.id;
    if (storedSessionUserId() !== gone) void ifOutboxInUse((db) => db.clearForUser(gone)).catch(() => undefined);
  });
}
