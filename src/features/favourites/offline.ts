/**
 * Keeps a kept listing readable offline before it is ever opened: its detail read and its
 * photos go through the service worker's listing caches, as when the page is opened. The
 * detail request is the one the listing page sends (same function, same body), so it is found
 * offline; each photo is asked for as the gallery asks for it, so the same rendition is kept.
 */
import { photoSources, requestPhoto, type ListingPhoto } from '@/features/listings/boot.ts';
import { publicRest } from '@/lib/publicRest.ts';

interface DetailPhotos {
  status?: string;
  listing?: { photos?: Pick<ListingPhoto, 'url' | 'renditions' | 'avif'>[] };
}

function load(photo: Pick<ListingPhoto, 'url' | 'renditions' | 'avif'>): Promise<void> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = img.onerror = () => resolve();
    requestPhoto(img, photoSources(photo, 'gallery'));
  });
}

export async function keepOffline(listingId: string): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  const { data } = await publicRest.rpc('listing_detail', { p_id: listingId });
  const photos = (data as DetailPhotos | null)?.listing?.photos ?? [];
  await Promise.allSettled(photos.map(load));
}
