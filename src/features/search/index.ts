/** What other features and the app may use from search. */
import { prefetchListingPages } from '@/features/listings/index.ts';
import { parseFilters, serializeFilters } from './model.ts';

/** Starts /search's first page for the query string `qs`, keyed as SearchPage will ask for it. */
export function prefetchSearch(qs: string) {
  const key = serializeFilters(parseFilters(qs));
  prefetchListingPages(parseFilters(key), key);
}
