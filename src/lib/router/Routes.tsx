import { Children, Fragment, isValidElement, useMemo, type ReactNode } from 'react';
import { RouteContext } from './context.ts';
import { useLocation } from './hooks.ts';
import { matchRoutes, rankRoutes, type RouteObject } from './match.ts';

/**
 * The element of the route matching the current path, inside its layouts (each shows the next
 * through <Outlet />); null when none matches. Paths are matched whole: a route table inside a
 * route's element is not supported (the app has one table).
 */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const branches = useMemo(() => rankRoutes(routes), [routes]);
  const match = matchRoutes(branches, pathname);
  if (!match) return null;
  return match.routes.reduceRight<ReactNode>(
    (outlet, route) => <RouteContext value={{ outlet, params: match.params }}>{route.element ?? outlet}</RouteContext>,
    null,
  );
}

type RouteProps = { path?: string; index?: boolean; element?: ReactNode; children?: ReactNode };

/** A route of <Routes>, written as an element; it is read, never rendered. */
export function Route(_props: RouteProps): ReactNode {
  throw new Error('<Route> is only a child of <Routes>.');
}

function routesOf(children: ReactNode): RouteObject[] {
  const routes: RouteObject[] = [];
  Children.forEach(children, (child) => {
    if (!isValidElement<RouteProps>(child)) return;
    if (child.type === Fragment) routes.push(...routesOf(child.props.children));
    else routes.push({ path: child.props.path, index: child.props.index, element: child.props.element, children: routesOf(child.props.children) });
  });
  return routes;
}

/** useRoutes with the table written as <Route> elements. */
export function Routes({ children }: { children?: ReactNode }) {
  return useRoutes(routesOf(children));
}
