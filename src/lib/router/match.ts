import type { ReactNode } from 'react';

/** A route: a path pattern ('/listing/:id', '*'), or an index route, or neither (a layout for its children). */
export type RouteObject = { path?: string; index?: boolean; element?: ReactNode; children?: RouteObject[] };
export type Params = Record<string, string | undefined>;
export type RouteMatch = { routes: RouteObject[]; params: Params };

/** A route that can match by itself, with the layouts above it. */
type Branch = { pattern: RegExp; names: string[]; score: number; routes: RouteObject[] };

/**
 * react-router's pattern: `:name` matches one segment, a trailing `*` the rest; a trailing slash
 * is allowed and case is ignored.
 */
function compile(path: string): Pick<Branch, 'pattern' | 'names'> {
  const names: string[] = [];
  let source =
    '^' +
    path
      .replace(/\/*\*?$/, '')
      .replace(/^\/*/, '/')
      .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
      .replace(/\/:([\w-]+)/g, (_, name: string) => {
        names.push(name);
        return '/([^\\/]+)';
      });
  if (path.endsWith('*')) {
    names.push('*');
    source += path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$';
  } else source += '\\/*$';
  return { pattern: new RegExp(source, 'i'), names };
}

/** react-router's ranking: static segments before `:params`, a splat last; ties keep the table's order. */
function score(path: string, index?: boolean) {
  const segments = path.split('/');
  let total = segments.length + (segments.includes('*') ? -2 : 0) + (index ? 2 : 0);
  for (const segment of segments) if (segment !== '*') total += segment.startsWith(':') ? 3 : segment === '' ? 1 : 10;
  return total;
}

/** Every route that can match, best first. */
export function rankRoutes(routes: RouteObject[]): Branch[] {
  const branches: Branch[] = [];
  const visit = (list: RouteObject[], parentPath: string, parents: RouteObject[]) => {
    for (const route of list) {
      const path = route.path === undefined ? parentPath : route.path.startsWith('/') ? route.path : `${parentPath}/${route.path}`.replace(/\/\/+/g, '/');
      const chain = [...parents, route];
      if (route.children) visit(route.children, path, chain);
      if (route.path !== undefined || route.index) branches.push({ ...compile(path), score: score(path, route.index), routes: chain });
    }
  };
  visit(routes, '', []);
  return branches.sort((a, b) => b.score - a.score);
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The first branch matching `pathname`, with its decoded parameters. */
export function matchRoutes(branches: Branch[], pathname: string): RouteMatch | null {
  for (const branch of branches) {
    const found = branch.pattern.exec(pathname);
    if (!found) continue;
    const params: Params = {};
    branch.names.forEach((name, i) => (params[name] = decode(found[i + 1] ?? '')));
    return { routes: branch.routes, params };
  }
  return null;
}
