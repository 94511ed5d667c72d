import { useShallow } from 'zustand/react/shallow';
import { isStaff } from '../model.ts';
import { useSessionStore } from '../store.ts';

/** The current viewer for components: who, which role, and whether that is known yet. */
export function useViewer() {
  return useSessionStore(
    useShallow((s) => ({
      user: s.user,
      role: s.role,
      ready: s.status === 'ready' && s.roleStatus !== 'loading',
      signedIn: s.user !== null,
      staff: isStaff(s.role),
      banned: s.role === 'banned',
    })),
  );
}
