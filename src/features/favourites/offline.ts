/**
 * Keeps a kept listing readable offline before it is ever opened: its detail read and its
 * photos go through the service worker's listing caches, as when the page is opened. The
 * detail request is the one the listing page sends (same function, same body), so it is found
 * offline; photos are kept at the default rendition, which the worker offers for any width.
 */
import { defaultRendition } from '@/lib/storageImage.ts';
import { publicRest } from '@/lib/publicRest.ts';

interface DetailPhotos {
  status?: string;
  listing?: { photos?: { url: string }[] };
}

export async function keepOffline(listingId: string): Promise<void> {
  if (!('serviceWorker' in navigator) || !navigator.serviceWorker.controller) return;
  const { data } = await publicRest.rpc('listing_detail', { p_id: listingId });
  const photos = (data as DetailPhotos | null)?.listing?.photos ?? [];
  await Promise.allSettled(photos.map((p) => fetch(defaultRendition(p.url), { mode: 'no-cors', credentials: 'omit' })));
}
