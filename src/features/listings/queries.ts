/** The listings feature's signed-in server state: query keys, queries and mutations over api.ts. */
import { keepPreviousData, queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';

// --- The owner's listings ('I tuoi annunci'): pages, pause/resume, renew, delete -----------
import { deleteListing, fetchMyListings, fetchRenewalQuote, renewListing, setListingPaused } from './api.ts';

export const myListingKeys = {
  all: ['listings', 'mine'] as const,
  pages: (userId: string | undefined) => [...myListingKeys.all, userId, 'pages'] as const,
  page: (userId: string | undefined, page: number) => [...myListingKeys.pages(userId), page] as const,
  renewalQuote: (userId: string | undefined) => [...myListingKeys.all, userId, 'renewal-quote'] as const,
};

/** One page of the viewer's listings; the previous page stays on screen while the next loads. */
export const myListingsQuery = (userId: string | undefined, page: number) =>
  queryOptions({
    queryKey: myListingKeys.page(userId, page),
    queryFn: userId ? () => fetchMyListings(userId, page) : skipToken,
    placeholderData: keepPreviousData,
  });

/** What a renewal costs and the viewer's balance, read fresh each time the dialog opens. */
export const renewalQuoteQuery = (userId: string | undefined) =>
  queryOptions({ queryKey: myListingKeys.renewalQuote(userId), queryFn: userId ? () => fetchRenewalQuote(userId) : skipToken, staleTime: 0 });

/** Every cached page of the owner's listings (and the balance) is stale after a change. */
function useInvalidateMine() {
  const queries = useQueryClient();
  return () => queries.invalidateQueries({ queryKey: myListingKeys.all });
}

export function usePauseResumeListing() {
  const invalidate = useInvalidateMine();
  return useMutation({
    mutationFn: ({ id, pause }: { id: string; pause: boolean }) => setListingPaused(id, pause),
    onSettled: invalidate,
  });
}

export function useRenewListing() {
  const invalidate = useInvalidateMine();
  return useMutation({ mutationFn: (id: string) => renewListing(id), onSettled: invalidate });
}

export function useDeleteListing() {
  const invalidate = useInvalidateMine();
  return useMutation({ mutationFn: (listing: { id: string; user_id: string }) => deleteListing(listing), onSettled: invalidate });
}
