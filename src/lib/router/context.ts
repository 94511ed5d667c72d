import { createContext, use, type ReactNode } from 'react';
import type { History, Location, NavigationType } from './history.ts';
import type { Params } from './match.ts';

export type RouterState = { history: History; location: Location; action: NavigationType };

export const RouterContext = createContext<RouterState | null>(null);

/** What a matched route gives the elements under it: the matched child (Outlet) and the path's parameters. */
export const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

export function useRouter(): RouterState {
  const router = use(RouterContext);
  if (!router) throw new Error('Router hooks and links need a BrowserRouter or MemoryRouter above them.');
  return router;
}
