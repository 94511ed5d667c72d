import { useEffect } from 'react';
import { createPath, resolve, type To } from './history.ts';
import { useLocation, useNavigate } from './hooks.ts';

/** Navigates once rendered (a redirect); renders nothing. */
export function Navigate({ to, replace, state }: { to: To; replace?: boolean; state?: unknown }) {
  const navigate = useNavigate();
  const target = createPath(resolve(to, useLocation()));
  useEffect(() => navigate(target, { replace, state }), [navigate, target, replace, state]);
  return null;
}
