/**
 * Session and role, persisted to IndexedDB so a reload or a second tab
 * starts from the last known viewer. `status` stays 'loading' until the session and the role
 * are known; the loading screen shows meanwhile.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { idbStorage } from '@/lib/idbStorage.ts';
import type { SessionUser } from './api.ts';
import type { Role } from './model.ts';

interface SessionState {
  status: 'loading' | 'ready';
  /** 'loading' while the role of a newly signed-in user is fetched. */
  roleStatus: 'idle' | 'loading' | 'ready';
  user: SessionUser | null;
  role: Role | null;
}

export const SESSION_STORE = 'session';

const initial: SessionState = { status: 'loading', roleStatus: 'idle', user: null, role: null };

export const useSessionStore = create<SessionState>()(
  persist(() => initial, {
    name: SESSION_STORE,
    storage: createJSONStorage(() => idbStorage),
    partialize: (s) => ({ user: s.user, role: s.role }),
    skipHydration: true,
  }),
);

/** Signed-out state, also removed from IndexedDB. */
export async function clearSessionStore() {
  useSessionStore.setState({ user: null, role: null, roleStatus: 'idle', status: 'ready' });
  // persist.clearStorage() does not return IndexedDB's promise; the adapter's removeItem does.
  await useSessionStore.persist.getOptions().storage?.removeItem(SESSION_STORE);
}
