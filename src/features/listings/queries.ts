/** The listings feature's server state for signed-in screens: query keys, queries and mutations over api.ts. */
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadDraftPhotos, type DraftPhoto } from '@/features/photos/index.ts';
import { createListing, fetchCreationBudget, fetchOwnListing, updateListing } from './api.ts';
import { toListingColumns, type CreateListingArgs, type ListingFormValues } from './listingForm.ts';

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
}

type Progress = (photoId: string, fraction: number) => void;

/**
 * Uploads `photos` to a listing one by one; resolves with those not saved (a photo counts as
 * saved once its progress reaches 1: uploadDraftPhotos goes in order and stops at a failure).
 */
export async function uploadRemaining(userId: string, listingId: string, photos: DraftPhoto[], onProgress?: Progress) {
  const saved = new Set<string>();
  try {
    if (photos.length) {
      await uploadDraftPhotos({
        userId,
        listingId,
        photos,
        onProgress: (id, fraction) => {
          if (fraction >= 1) saved.add(id);
          onProgress?.(id, fraction);
        },
      });
    }
    return { failed: [] as DraftPhoto[], photoError: null as unknown };
  } catch (err) {
    return { failed: photos.filter((p) => !saved.has(p.id)), photoError: err as unknown };
  }
}

/**
 * 'Pubblica': create_listing (charges once per creation key, so a retry after a lost answer
 * charges nothing), then the chosen photos. Paused while offline and sent on reconnect (the
 * query client's networkMode); afterwards the balance and every listings query are stale.
 */
export function usePublishListing(onProgress?: Progress) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: async ({ args, photos, userId }: { args: CreateListingArgs; photos: DraftPhoto[]; userId: string }): Promise<PublishResult> => {
      const { id } = await createListing(args);
      return { id, ...(await uploadRemaining(userId, id, photos, onProgress)) };
    },
    onSettled: () => queries.invalidateQueries({ queryKey: ['listings'] }),
  });
}

/** Saves the owner's edits; never charges. */
export function useUpdateListing() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string; values: ListingFormValues }) => updateListing(id, toListingColumns(values)),
    onSuccess: () => queries.invalidateQueries({ queryKey: ['listings'] }),
  });
}
