import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import { isOffline } from '@/lib/apiError.ts';
import { searchListings, type Cursor, type SearchParams, type SearchRow } from './api.ts';
import { firstListingPage } from './prefetch.ts';

export type PagesStatus = 'loading' | 'ready' | 'error' | 'offline';

/** Keyset-paginated public listings for `params` (stable key: `key`). */
export function useListingPages(params: SearchParams, key: string) {
  const [rows, setRows] = useState<SearchRow[]>([]);
  const [next, setNext] = useState<Cursor | null>(null);
  const [status, setStatus] = useState<PagesStatus>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const generation = useRef(0);
  const paramsRef = useRef(params);
  paramsRef.current = params;

  const keyRef = useRef(key);
  keyRef.current = key;

  const load = useCallback(() => {
    const gen = ++generation.current;
    setStatus('loading');
    setRows([]);
    setNext(null);
    firstListingPage(paramsRef.current, keyRef.current)
      .then((page) => {
        if (gen !== generation.current) return;
        // A page of cards is a big render: as a transition it yields to the browser.
        startTransition(() => {
          setRows(page.rows);
          setNext(page.next);
          setStatus('ready');
        });
      })
      .catch((err: unknown) => {
        if (gen !== generation.current) return;
        setStatus(isOffline(err) ? 'offline' : 'error');
      });
  }, []);

  useEffect(() => {
    load();
  }, [key, load]);

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
