import { startSession } from '@/features/auth/index.ts';
import { clearOnSignOut, hydrateStores, syncStoresAcrossTabs } from './stores.ts';

let started = false;

/** Once per page: stores from IndexedDB, then the session and role; tabs kept in step. */
export function bootstrap() {
  if (started) return;
  started = true;
  clearOnSignOut();
  syncStoresAcrossTabs();
  void hydrateStores().then(() => startSession());
}
