/** The promotion screen's server state. */
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { spendsMoney } from '@/lib/queryClient.ts';
import { couponKeysAll } from '@/features/coupons/index.ts';
import { myListingKeys } from '@/features/listings/signed-in.ts';
import { profileKeys } from '@/features/profile/index.ts';
import { fetchListing, fetchPendingDiscount, fetchPricing, promoteListing } from './api.ts';

export const promotionKeys = {
  all: ['promotion'] as const,
  listing: (userId: string | undefined, id: string) => [...promotionKeys.all, 'listing', userId, id] as const,
  pricing: ['promotion', 'pricing'] as const,
  pending: (userId: string | undefined, couponId: string | null) => [...promotionKeys.all, 'pending', userId, couponId] as const,
};

export const listingQuery = (user: { id: string } | null, id: string) =>
  queryOptions({ queryKey: promotionKeys.listing(user?.id, id), queryFn: user ? () => fetchListing(id, user.id) : skipToken });
export const pricingQuery = () => queryOptions({ queryKey: promotionKeys.pricing, queryFn: fetchPricing, staleTime: 5 * 60_000 });
export const pendingQuery = (user: { id: string } | null, couponId: string | null) =>
  queryOptions({ queryKey: promotionKeys.pending(user?.id, couponId), queryFn: user ? () => fetchPendingDiscount(user.id) : skipToken });

/** Buys the promotion: balance, listing, the owner's list, waiting coupon and coupon list are all stale afterwards. */
export function usePromote() {
  const queries = useQueryClient();
  return useMutation({
    ...spendsMoney(promoteListing),
    onSuccess: () =>
      Promise.all([
        queries.invalidateQueries({ queryKey: profileKeys.all }),
        queries.invalidateQueries({ queryKey: promotionKeys.all }),
        queries.invalidateQueries({ queryKey: myListingKeys.all }),
        queries.invalidateQueries({ queryKey: couponKeysAll }),
      ]),
  });
}
