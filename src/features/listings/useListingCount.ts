import { useEffect, useEffectEvent, useState } from 'react';
import { countListings, type SearchParams } from './api.ts';

/** Totals already known, by search key: Back shows them at once. */
const known = new Map<string, number>();

/**
 * The real total of the search `params` (stable key: `key`), or null until it is known.
 * Asked once `ready` (the first page is drawn): the total is not worth delaying the first
 * cards and their photo for, on a phone's connection.
 */
export function useListingCount(params: SearchParams, key: string, ready: boolean): number | null {
  const [count, setCount] = useState<{ key: string; total: number } | null>(() => (known.has(key) ? { key, total: known.get(key)! } : null));
  const askTotal = useEffectEvent(() => countListings(params));
  useEffect(() => {
    if (!ready) return;
    let live = true;
    askTotal().then(
      (total) => {
        known.set(key, total);
        if (live) setCount({ key, total });
      },
      () => undefined, // no total offline: the list says what it can
    );
    return () => {
      live = false;
    };
  }, [key, ready]);
  if (count?.key === key) return count.total;
  return known.get(key) ?? null;
}
