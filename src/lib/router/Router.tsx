import { startTransition, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { RouterContext } from './context.ts';
import type { History } from './history.ts';

/**
 * Follows `history`. A navigation renders as a transition, as with react-router: a lazy screen
 * still downloading keeps the page on screen instead of showing the Suspense fallback. (So the
 * history is followed through state, not useSyncExternalStore, whose updates are never transitions.)
 */
export function Router({ history, children }: { history: History; children?: ReactNode }) {
  const [state, setState] = useState(() => ({ action: history.action, location: history.location }));
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  const value = useMemo(() => ({ history, ...state }), [history, state]);
  return <RouterContext value={value}>{children}</RouterContext>;
}
