/** The listings feature's signed-in server state: query keys, queries and mutations over api.ts. */
import { keepPreviousData, queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadDraftPhotos, type DraftPhoto, type UploadReview } from '@/features/photos/index.ts';
import { profileKeys } from '@/features/profile/index.ts';
import { spendsMoney } from '@/lib/queryClient.ts';
import {
  cancelScheduledPromotion,
  createListing,
  deleteListing,
  fetchCreationBudget,
  fetchMyListingPage,
  fetchMyListings,
  fetchOwnListing,
  fetchReviewStatus,
  fetchRenewalQuote,
  renewListing,
  setAutoRenew,
  setAvailableNow,
  setListingPaused,
  updateListing,
} from './api.ts';
import { toListingColumns, type CreateListingArgs, type ListingFormValues } from './editor/listingForm.ts';
import { savedReview, type SaveReview } from './review.ts';

// --- The owner's listings ('I tuoi annunci'): pages, pause/resume, renew, delete -----------

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

/** The page of the viewer's listings that shows listing `id` ('I tuoi annunci' opened on it), read fresh. */
export const myListingPageQuery = (userId: string | undefined, id: string | null) =>
  queryOptions({
    queryKey: [...myListingKeys.all, userId, 'page-of', id] as const,
    queryFn: userId && id ? () => fetchMyListingPage(userId, id) : skipToken,
    staleTime: 0,
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

/** 'Disponibile ora' and 'Rinnovo automatico' (issue 27): the owner's lists are stale afterwards. */
export function useOwnerTools() {
  const invalidate = useInvalidateMine();
  const available = useMutation({ mutationFn: ({ id, on }: { id: string; on: boolean }) => setAvailableNow(id, on), onSettled: invalidate });
  const autoRenew = useMutation({ mutationFn: ({ id, on }: { id: string; on: boolean }) => setAutoRenew(id, on), onSettled: invalidate });
  return { available, autoRenew };
}

/** Cancels a scheduled promotion with its refund: the balance is stale too. */
export function useCancelScheduledPromotion() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => cancelScheduledPromotion(id),
    onSettled: () => Promise.all([queries.invalidateQueries({ queryKey: myListingKeys.all }), queries.invalidateQueries({ queryKey: profileKeys.all })]),
  });
}

export function useRenewListing() {
  const invalidate = useInvalidateMine();
  // Spends credits: refused offline, never held for later (issue 45).
  return useMutation({ ...spendsMoney((id: string) => renewListing(id)), onSettled: invalidate });
}

export function useDeleteListing() {
  const invalidate = useInvalidateMine();
  return useMutation({ mutationFn: (id: string) => deleteListing(id), onSettled: invalidate });
}

// ---------------------------------------------------------------------------------------
// The listing editor.

export const listingEditorKeys = {
  all: ['listings', 'editor'] as const,
  budget: (userId: string | undefined) => [...listingEditorKeys.all, 'budget', userId] as const,
  own: (userId: string | undefined, id: string) => [...listingEditorKeys.all, 'own', userId, id] as const,
};

/** The creation cost (from settings) and the viewer's balance. */
export const creationBudgetQuery = (userId: string | undefined) =>
  queryOptions({ queryKey: listingEditorKeys.budget(userId), queryFn: userId ? () => fetchCreationBudget(userId) : skipToken });

/** The viewer's own listing to edit; null when it does not exist or is someone else's. */
export const ownListingQuery = (userId: string | undefined, id: string) =>
  queryOptions({ queryKey: listingEditorKeys.own(userId, id), queryFn: userId ? () => fetchOwnListing(id, userId) : skipToken });

export interface PublishResult {
  id: string;
  /** The chosen photos that did not upload (the listing exists without them), and why. */
  failed: DraftPhoto[];
  photoError: unknown;
  /** what the creation and the photos did to the listing's review (issue 40) */
  review: SaveReview;
}

type Progress = (photoId: string, fraction: number) => void;

/**
 * Uploads `photos` to a listing one by one; resolves with those not saved (a photo counts as
 * saved once its progress reaches 1: uploadDraftPhotos goes in order and stops at a failure).
 */
export async function uploadRemaining(listingId: string, photos: DraftPhoto[], onProgress?: Progress) {
  const saved = new Set<string>();
  let uploads: UploadReview = 'ok';
  try {
    if (photos.length) {
      uploads = await uploadDraftPhotos({
        listingId,
        photos,
        onProgress: (id, fraction) => {
          if (fraction >= 1) saved.add(id);
          onProgress?.(id, fraction);
        },
      });
    }
    return { failed: [] as DraftPhoto[], photoError: null as unknown, uploads };
  } catch (err) {
    return { failed: photos.filter((p) => !saved.has(p.id)), photoError: err, uploads };
  }
}

/**
 * 'Pubblica': create_listing (charges once per creation key, so a retry after a lost answer
 * charges nothing), then the chosen photos. It spends credits, so offline it is refused at once
 * and the draft stays (issue 45: never queued); afterwards the balance and every listings query are stale.
 */
export function usePublishListing(onProgress?: Progress) {
  const queries = useQueryClient();
  return useMutation({
    ...spendsMoney(async ({ args, photos }: { args: CreateListingArgs; photos: DraftPhoto[] }): Promise<PublishResult> => {
      const { id } = await createListing(args);
      const { failed, photoError, uploads } = await uploadRemaining(id, photos, onProgress);
      // The listing exists: a failed read of its status costs only the wording of the toast.
      return { id, failed, photoError, review: savedReview(await fetchReviewStatus(id).catch(() => null), uploads) };
    }),
    onSettled: () => queries.invalidateQueries({ queryKey: ['listings'] }),
  });
}

/** Saves the owner's edits; never charges. */
export function useUpdateListing() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, values }: { id: string; values: ListingFormValues }): Promise<SaveReview> => {
      await updateListing(id, toListingColumns(values));
      return savedReview(await fetchReviewStatus(id).catch(() => null), 'ok');
    },
    onSuccess: () => queries.invalidateQueries({ queryKey: ['listings'] }),
  });
}
