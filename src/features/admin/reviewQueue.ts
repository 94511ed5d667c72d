/** 'Da approvare' (issue 26): the held listings and the staff decision, server state over supabase-js. */
import { queryOptions, useMutation } from '@tanstack/react-query';
import { unwrap } from '@/lib/apiError.ts';
import { supabase } from '@/lib/supabase.ts';
import { useInvalidate } from './queries.ts';
import type { HeldListing } from './review/model.ts';

export const reviewKeys = { queue: ['admin', 'review'] as const };

/** The listings waiting for review, each with why (review_queue: staff only; it orders them oldest first). */
export async function fetchReviewQueue(): Promise<HeldListing[]> {
  return ((await unwrap(supabase.rpc('review_queue'))) ?? []) as unknown as HeldListing[];
}

/** Approves, or refuses with the reason the advertiser reads (refunded, appealable). */
export async function decideReview(listingId: string, approve: boolean, reason?: string): Promise<void> {
  await unwrap(supabase.rpc('decide_listing_review', { p_listing_id: listingId, p_approve: approve, p_reason: reason?.trim() || undefined }));
}

// Asked again on every visit: the queue is what waits now.
export const reviewQueueQuery = () => queryOptions({ queryKey: reviewKeys.queue, queryFn: fetchReviewQueue, refetchOnMount: 'always' });

export function useDecideReview() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, approve, reason }: { id: string; approve: boolean; reason?: string }) => decideReview(id, approve, reason),
    onSettled: () => invalidate(reviewKeys.queue),
  });
}
