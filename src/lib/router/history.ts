/** A place in the app: what a link or navigate() goes to, and what useLocation() reads. */
export type Path = { pathname: string; search: string; hash: string };
/** A path string ('/search?q=1#x', '?page=2') or its parts; a missing pathname keeps the current one. */
export type To = string | Partial<Path>;
/** The current entry: its path, the state navigate() gave it, and a key unique to the entry. */
export type Location = Path & { state: unknown; key: string };

/** How the current entry was reached: Back/Forward (and the first load), a push, a replace. */
export const NavigationType = { Pop: 'POP', Push: 'PUSH', Replace: 'REPLACE' } as const;
export type NavigationType = (typeof NavigationType)[keyof typeof NavigationType];

export type Update = { action: NavigationType; location: Location };

/** The session history the router follows: the browser's, or one in memory (tests). */
export interface History {
  readonly action: NavigationType;
  readonly location: Location;
  push(to: To, state?: unknown): void;
  replace(to: To, state?: unknown): void;
  go(delta: number): void;
  /** One listener at a time (the router's). */
  listen(listener: (update: Update) => void): () => void;
}

/** '/a?b#c' as its parts; empty parts are left out. */
export function parsePath(path: string): Partial<Path> {
  const parts: Partial<Path> = {};
  let rest = path;
  const hash = rest.indexOf('#');
  if (hash >= 0) {
    parts.hash = rest.slice(hash);
    rest = rest.slice(0, hash);
  }
  const search = rest.indexOf('?');
  if (search >= 0) {
    parts.search = rest.slice(search);
    rest = rest.slice(0, search);
  }
  if (rest) parts.pathname = rest;
  return parts;
}

/** A resolved path as a URL path. */
export const createPath = ({ pathname, search, hash }: Path) => pathname + search + hash;

/** '?a' and 'a' as '?a', a bare '?' as none (the same for '#'). */
const normal = (part: string | undefined, mark: string) => (!part || part === mark ? '' : part.startsWith(mark) ? part : mark + part);

/** `to` from `from`: only the pathname is inherited (a new query drops the hash). */
export function resolve(to: To, from: Path): Path {
  const parts = typeof to === 'string' ? parsePath(to) : to;
  return { pathname: parts.pathname || from.pathname, search: normal(parts.search, '?'), hash: normal(parts.hash, '#') };
}

/** A new entry's key (react-router's form). */
export const createKey = () => Math.random().toString(36).slice(2, 10);
