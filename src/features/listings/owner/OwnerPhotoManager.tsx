import { lazy, Suspense } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { myListingKeys } from '../queries.ts';

// The photo manager (cropper and all) downloads only when someone opens it.
const PhotoManager = lazy(() => import('@/features/photos/index.ts').then((photos) => ({ default: photos.PhotoManager })));

/** 'Gestisci Foto Annuncio' for one listing, from the card's 'Gestisci Foto'; the cards show the new photos after. */
export function OwnerPhotoManager({ listingId, verifiedAt, onClose }: { listingId: string; verifiedAt?: string | null; onClose: () => void }) {
  const queries = useQueryClient();
  const close = () => {
    void queries.invalidateQueries({ queryKey: myListingKeys.all });
    onClose();
  };
  return (
    <Suspense fallback={null}>
      <PhotoManager listingId={listingId} verifiedAt={verifiedAt} opened onClose={close} />
    </Suspense>
  );
}
