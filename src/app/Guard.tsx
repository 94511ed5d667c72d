import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useShallow } from 'zustand/react/shallow';
import { guardRedirect, useSessionStore, type Access } from '@/features/auth/index.ts';
import { LoadingScreen, PageLoader } from './LoadingScreen.tsx';

/** Renders the child routes, or redirects as the route's guard says (routes.tsx). */
export function Guard({ access }: { access: Access }) {
  const location = useLocation();
  const s = useSessionStore(useShallow((st) => ({ status: st.status, roleStatus: st.roleStatus, user: st.user, role: st.role })));
  if (s.status === 'loading') return <LoadingScreen />;
  if (s.roleStatus === 'loading') return <PageLoader />;
  const to = guardRedirect(access, { signedIn: s.user !== null, role: s.role }, location);
  return to ? <Navigate to={to} replace /> : <Outlet />;
}
