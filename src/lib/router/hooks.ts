import { use, useCallback, useMemo } from 'react';
import { RouteContext, useRouter } from './context.ts';
import type { Location, NavigationType, To } from './history.ts';
import type { Params } from './match.ts';

export type NavigateOptions = { replace?: boolean; state?: unknown };
export type NavigateFunction = {
  (to: To, options?: NavigateOptions): void;
  /** Back (-1) or forward through the history. */
  (delta: number): void;
};
/** New search parameters, or a function of a copy of the current ones. */
export type SearchParamsInit = URLSearchParams | Record<string, string> | ((prev: URLSearchParams) => URLSearchParams);

export const useLocation = (): Location => useRouter().location;

export const useNavigationType = (): NavigationType => useRouter().action;

/** Navigates to a path (pushed, or replacing the entry), or through the history by a number. */
export function useNavigate(): NavigateFunction {
  const { history } = useRouter();
  return useCallback(
    (to: To | number, options: NavigateOptions = {}) => {
      if (typeof to === 'number') history.go(to);
      else if (options.replace) history.replace(to, options.state);
      else history.push(to, options.state);
    },
    [history],
  );
}

/** The current route's parameters (those of the layouts above it too). */
export function useParams<T extends Params = Params>(): Readonly<Partial<T>> {
  return use(RouteContext).params as Partial<T>;
}

/** The query string's parameters; setting them navigates to this path with the new query (and no hash). */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsInit, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit, options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}
