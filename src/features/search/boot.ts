/** The search feature's public entry for code that runs before the app (src/boot.ts). */
import { prefetchListingPages } from '@/features/listings/boot.ts';
import { parseFilters, serializeFilters } from './model.ts';

/** Starts /search's first page for the query string `qs`, keyed as SearchPage will ask for it. */
export function prefetchSearch(qs: string) {
  const key = serializeFilters(parseFilters(qs));
  prefetchListingPages(parseFilters(key), key);
}
