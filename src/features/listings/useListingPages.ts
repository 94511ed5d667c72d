import { startTransition, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { NavigationType, useNavigationType } from 'react-router-dom';
import { isOffline } from '@/lib/apiError.ts';
import { searchListings, type Cursor, type SearchParams, type SearchRow } from './api.ts';
import { firstListingPage } from './prefetch.ts';

type PagesStatus = 'loading' | 'ready' | 'error' | 'offline';

interface Pages {
  rows: SearchRow[];
  next: Cursor | null;
}

/**
 * The pages last shown for each key: Back and Forward show them again at once, every page
 * that was loaded, so the scroll position can be restored (app/useScrollRestoration.ts).
 * A new visit (a link, a new search) loads afresh.
 */
const shown = new Map<string, Pages>();
const SHOWN_KEYS = 20;

function remember(key: string, pages: Pages) {
  shown.delete(key);
  shown.set(key, pages);
  if (shown.size > SHOWN_KEYS) shown.delete(shown.keys().next().value!);
}

/** Keyset-paginated public listings for `params` (stable key: `key`). */
export function useListingPages(params: SearchParams, key: string) {
  const back = useNavigationType() === NavigationType.Pop;
  const backRef = useRef(back);
  const [initial] = useState(() => (back ? shown.get(key) : undefined));
  const [rows, setRows] = useState<SearchRow[]>(initial?.rows ?? []);
  const [next, setNext] = useState<Cursor | null>(initial?.next ?? null);
  const [status, setStatus] = useState<PagesStatus>(initial ? 'ready' : 'loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);
  const paramsRef = useRef(params);
  const keyRef = useRef(key);
  // The latest values for the callbacks below, set before the effects that call them run.
  useLayoutEffect(() => {
    backRef.current = back;
    paramsRef.current = params;
    keyRef.current = key;
  });
  /** The key whose pages are in `rows`. */
  const rowsKey = useRef(initial ? key : undefined);

  const show = useCallback((pagesKey: string, pages: Pages) => {
    rowsKey.current = pagesKey;
    setRows(pages.rows);
    setNext(pages.next);
    setStatus('ready');
  }, []);

  const load = useCallback(() => {
    const gen = ++generation.current;
    const pagesKey = keyRef.current;
    rowsKey.current = undefined;
    setStatus('loading');
    setRows([]);
    setNext(null);
    firstListingPage(paramsRef.current, pagesKey)
      .then((page) => {
        if (gen !== generation.current) return;
        // A page of cards is a big render: as a transition it yields to the browser.
        startTransition(() => show(pagesKey, page));
        // The first page's listings appeared in the results: counted for their owners' statistics
        // (the reporter loads on demand, never with the first route).
        void import('@/features/stats/index.ts').then((m) => m.trackStats('impression', page.rows.map((r) => r.id)));
      })
      .catch((err: unknown) => {
        if (gen !== generation.current) return;
        setStatus(isOffline(err) ? 'offline' : 'error');
      });
  }, [show]);

  useEffect(() => {
    if (rowsKey.current === key) return; // already showing this key's pages (Back)
    const again = backRef.current ? shown.get(key) : undefined;
    if (!again) return load();
    generation.current++;
    show(key, again);
  }, [key, load, show]);

  useEffect(() => {
    if (status === 'ready' && rowsKey.current === key) remember(key, { rows, next });
  }, [key, rows, next, status]);

  const loadMore = useCallback(() => {
    if (!next || loadingMore) return;
    const gen = generation.current;
    setLoadingMore(true);
    searchListings(paramsRef.current, next)
      .then((page) => {
        if (gen !== generation.current) return;
        startTransition(() => {
          setRows((r) => [...r, ...page.rows.filter((x) => !r.some((y) => y.id === x.id))]);
          setNext(page.next);
        });
      })
      .catch(() => undefined)
      .finally(() => setLoadingMore(false));
  }, [next, loadingMore]);

  return { rows, next, status, loadingMore, loadMore, reload: load };
}
