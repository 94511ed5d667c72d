/**
 * Route tables for the HTTP APIs (auth, storage, rest): each route is data (method, path
 * pattern, guard, handler) and one matcher serves them all, so what a path requires is read
 * in one line instead of being spread over if-chains.
 *
 * Patterns, segment by segment: `name` matches itself; `:name` one non-empty segment; a last
 * `*name` the rest (one segment or more, empty ones too, joined with '/'); a bare `*` the
 * same without capturing it; a final `/?` makes a trailing slash optional. The first route
 * whose method and pattern fit wins; where none fits the caller answers as its API does
 * (auth and storage 404, rest through its own catch-all routes).
 */

export type Params = Record<string, string>;

/** What each guard of an API yields to the handler (e.g. `{ none: null; user: Caller }`). */
export type GuardResults = Record<string, unknown>;

/** The checks an API's routes can ask for, run before the handler; they throw to refuse. */
export type Guards<G extends GuardResults> = { [K in keyof G]: (req: Request) => Promise<G[K]> };

/**
 * One route as the router keeps it; `method` '*' takes any method. Made by routeBuilder, which
 * ties the handler's types to the pattern and the guard (a method, so this loose form takes it).
 */
export interface Route<G extends GuardResults> {
  method: string | readonly string[];
  path: string;
  guard: keyof G;
  handler(req: Request, params: Params, caller: unknown): Promise<Response>;
}

/** The parameter names of a pattern: `/object/:bucket/*key` -> 'bucket' | 'key'. */
type ParamName<S extends string> = S extends `:${infer N}` ? N : S extends `*${infer N}` ? (N extends '' ? never : N) : never;
type ParamNames<P extends string> = P extends `${infer Head}/${infer Tail}` ? ParamName<Head> | ParamNames<Tail> : ParamName<P>;
export type ParamsOf<P extends string> = { [K in ParamNames<P>]: string };

/**
 * The route builder of an API with guards G: the handler's parameters are typed from the
 * pattern and its caller from the guard, so a route cannot read what its path or guard lacks.
 */
export function routeBuilder<G extends GuardResults>() {
  return <P extends string, K extends keyof G>(
    method: string | readonly string[],
    path: P,
    guard: K,
    handler: (req: Request, params: ParamsOf<P>, caller: G[K]) => Promise<Response>,
  ): Route<G> => ({ method, path, guard, handler });
}

type Part = { literal: string } | { param: string } | { rest: string | null };

interface Pattern {
  parts: Part[];
  optionalSlash: boolean;
}

export function compilePattern(path: string): Pattern {
  const optionalSlash = path.length > 2 && path.endsWith('/?');
  const parts = (optionalSlash ? path.slice(0, -2) : path)
    .split('/')
    .slice(1)
    .map((s, i, all): Part => {
      if (s.startsWith(':')) return { param: s.slice(1) };
      if (s.startsWith('*')) {
        if (i !== all.length - 1) throw new Error(`route ${path}: '*' must be the last segment`);
        return { rest: s.slice(1) || null };
      }
      return { literal: s };
    });
  return { parts, optionalSlash };
}

/** The raw (still percent-encoded) segments each parameter captured, or null. */
export function matchPattern(pattern: Pattern, path: string): Record<string, string[]> | null {
  let segments = path.split('/').slice(1);
  if (pattern.optionalSlash && segments.length > 1 && segments.at(-1) === '') segments = segments.slice(0, -1);
  const captured: Record<string, string[]> = {};
  for (const [i, part] of pattern.parts.entries()) {
    const segment = segments[i];
    if (segment === undefined) return null;
    if ('rest' in part) {
      if (part.rest) captured[part.rest] = segments.slice(i);
      return captured;
    }
    if ('literal' in part ? segment !== part.literal : segment === '') return null;
    if ('param' in part) captured[part.param] = [segment];
  }
  return segments.length === pattern.parts.length ? captured : null;
}

/**
 * Builds the dispatcher of a route table; null when no route fits. Patterns match the raw
 * segments; parameters are decoded (by `decode`, which throws the API's own error) once the
 * guard let the request through, so a bad token is reported before a badly encoded path.
 */
export function createRouter<G extends GuardResults>(
  routes: readonly Route<G>[],
  guards: Guards<G>,
  decode: (segment: string) => string = decodeURIComponent,
): (req: Request, path: string, method?: string) => Promise<Response | null> {
  const table = routes.map((route) => ({ route, pattern: compilePattern(route.path) }));
  return async (req, path, method = req.method) => {
    for (const { route, pattern } of table) {
      const methods = typeof route.method === 'string' ? [route.method] : route.method;
      if (!methods.includes('*') && !methods.includes(method)) continue;
      const raw = matchPattern(pattern, path);
      if (!raw) continue;
      const caller = await guards[route.guard](req);
      const params: Params = {};
      for (const [name, segments] of Object.entries(raw)) params[name] = segments.map(decode).join('/');
      return route.handler(req, params, caller);
    }
    return null;
  };
}
