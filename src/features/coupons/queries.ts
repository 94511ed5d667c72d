/** The coupons' server state: the viewer's list and the apply mutation. */
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { spendsMoney } from '@/lib/queryClient.ts';
import { profileKeys } from '@/features/profile/index.ts';
import { applyCoupon, fetchMyCoupons } from './api.ts';
import { setAppliedCoupon } from './store.ts';
import { couponKeysAll } from './index.ts';

export const couponKeys = {
  all: couponKeysAll,
  mine: (userId: string | undefined) => [...couponKeys.all, 'mine', userId] as const,
};

export const myCouponsQuery = (user: { id: string } | null) =>
  queryOptions({ queryKey: couponKeys.mine(user?.id), queryFn: user ? () => fetchMyCoupons(user.id) : skipToken });

/**
 * Applies a code. A discount coupon waits in the store for the next purchase or promotion;
 * a credit coupon changes the balance, so the profile is stale. The list is stale either way.
 * (Package and promotion quotes key on the stored coupon, so they refetch by themselves.)
 */
export function useApplyCoupon(userId: string) {
  const queries = useQueryClient();
  return useMutation({
    ...spendsMoney(applyCoupon),
    onSuccess: async (answer, code) => {
      if (answer.discountType !== 'credits') {
        setAppliedCoupon(userId, {
          couponId: answer.couponId,
          code: code.toUpperCase(),
          couponType: answer.couponType,
          discountType: answer.discountType,
          discountValue: answer.discountValue,
        });
      }
      await Promise.all([
        queries.invalidateQueries({ queryKey: couponKeys.all }),
        queries.invalidateQueries({ queryKey: profileKeys.all }),
      ]);
    },
  });
}
