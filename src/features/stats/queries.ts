/** The statistics screen's server state. */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchListingStats } from './api.ts';

export const statsKeys = {
  all: ['stats'] as const,
  listing: (userId: string | undefined, listingId: string, from: string) => [...statsKeys.all, userId, listingId, from] as const,
};

/** A listing's counts from `from` on, for the signed-in viewer. */
export const listingStatsQuery = (user: { id: string } | null, listingId: string, from: string) =>
  queryOptions({
    queryKey: statsKeys.listing(user?.id, listingId, from),
    queryFn: user && listingId ? () => fetchListingStats(listingId, from) : skipToken,
  });
