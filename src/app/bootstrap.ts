import { startSession, useSessionStore } from '@/features/auth/index.ts';
import { bootOutbox } from '@/lib/outbox/boot.ts';
import { clearOnSignOut, clearViewerLeftovers, hydrateStores, syncStoresAcrossTabs } from './stores.ts';

let started = false;

/** Once per page: the session and role, the other stores from IndexedDB; tabs kept in step; the outbox's writes sent. */
export function bootstrap() {
  if (started) return;
  started = true;
  clearOnSignOut();
  syncStoresAcrossTabs();
  // First, so an anonymous visitor's page renders without waiting for IndexedDB.
  const session = startSession();
  void Promise.all([hydrateStores(), session])
    // An anonymous start never hydrates a past session, so no sign-out is seen: forget here.
    .then(() => (useSessionStore.getState().user ? undefined : clearViewerLeftovers()))
    // After the check above, so a signed-out account's writes are gone before a replay could send them.
    .finally(() => void bootOutbox());
}
