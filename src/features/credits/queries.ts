/** The credits' server state: packages, quotes, the order being paid, the ledger. */
import { keepPreviousData, queryOptions, skipToken, useMutation } from '@tanstack/react-query';
import { spendsMoney } from '@/lib/queryClient.ts';
import { createPurchase, fetchOrder, fetchPackages, fetchPayments, fetchTransactions, quotePackage } from './api.ts';
import { isFinal } from './model.ts';

export const creditKeys = {
  all: ['credits'] as const,
  packages: ['credits', 'packages'] as const,
  /** Keyed on the coupon the viewer holds, so applying or removing one asks again. */
  quote: (userId: string | undefined, packageId: string, couponId: string | null) =>
    [...creditKeys.all, 'quote', userId, packageId, couponId] as const,
  order: (orderId: string | null) => [...creditKeys.all, 'order', orderId] as const,
  history: (userId: string | undefined, page: number) => [...creditKeys.all, 'history', userId, page] as const,
  payments: (userId: string | undefined) => [...creditKeys.all, 'payments', userId] as const,
};

export const packagesQuery = () => queryOptions({ queryKey: creditKeys.packages, queryFn: fetchPackages });

export const quoteQuery = (user: { id: string } | null, packageId: string, couponId: string | null) =>
  queryOptions({ queryKey: creditKeys.quote(user?.id, packageId, couponId), queryFn: user ? () => quotePackage(packageId) : skipToken });

export const POLL_MS = 2000;

/** The order, asked again every 2 s until its status is final. */
export const orderQuery = (orderId: string | null) =>
  queryOptions({
    queryKey: creditKeys.order(orderId),
    queryFn: orderId ? () => fetchOrder(orderId) : skipToken,
    refetchInterval: (q) => (q.state.data !== undefined && isFinal(q.state.data?.status ?? null) ? false : POLL_MS),
  });

export const historyQuery = (user: { id: string } | null, page: number) =>
  queryOptions({
    queryKey: creditKeys.history(user?.id, page),
    queryFn: user ? () => fetchTransactions(user.id, page) : skipToken,
    placeholderData: keepPreviousData,
  });

export const paymentsQuery = (user: { id: string } | null) =>
  queryOptions({ queryKey: creditKeys.payments(user?.id), queryFn: user ? () => fetchPayments(user.id) : skipToken });

/** Opens the order; the caller sends the browser to the answered page. */
export function useCreatePurchase() {
  return useMutation(spendsMoney(createPurchase));
}
