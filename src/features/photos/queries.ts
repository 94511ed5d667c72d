/** The photos' server state: query keys, the listing's photos and the photo manager's mutations. */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteAllPhotos, deletePhoto, fetchListingPhotos, recropPhoto, setPrimaryPhoto, uploadDraftPhotos, type DraftPhoto } from './api.ts';

/** Query keys of the photos of a listing, to invalidate after changes. */
export const photoKeys = {
  all: ['photos'] as const,
  listing: (listingId: string) => [...photoKeys.all, 'listing', listingId] as const,
};

export const listingPhotosQuery = (listingId: string) =>
  queryOptions({ queryKey: photoKeys.listing(listingId), queryFn: () => fetchListingPhotos(listingId) });

/**
 * The photo manager's mutations; each refreshes the listing's photos and whatever else is on
 * screen (cards show the primary photo; a listing that lost its photos may have lost its promotion).
 */
export function usePhotoMutations(listingId: string) {
  const queries = useQueryClient();
  // Every active query: listing queries live in other features, under keys this one does not know.
  const refresh = () => queries.invalidateQueries({ refetchType: 'active' });
  return {
    remove: useMutation({ mutationFn: (photoId: string) => deletePhoto(photoId), onSettled: refresh }),
    removeAll: useMutation({ mutationFn: () => deleteAllPhotos(listingId), onSettled: refresh }),
    setPrimary: useMutation({ mutationFn: (photoId: string) => setPrimaryPhoto(listingId, photoId), onSettled: refresh }),
    recrop: useMutation({
      mutationFn: (args: { photoId: string; cropped: Blob }) => recropPhoto({ ...args, listingId }),
      onSettled: refresh,
    }),
    add: useMutation({
      mutationFn: (args: { photos: DraftPhoto[]; onProgress?: (photoId: string, fraction: number) => void }) => uploadDraftPhotos({ ...args, listingId }),
      onSettled: refresh,
    }),
  };
}
