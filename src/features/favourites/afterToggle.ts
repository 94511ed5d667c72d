/**
 * What follows a tap on the heart, loaded on demand in one piece so the heart itself stays a
 * few hundred bytes of the visitor's first route: the toast, the offline copy of a kept
 * listing, and the account told through the outbox (signed in only).
 */
import { t } from '@/lib/catalogue/index.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { keepOffline } from './offline.ts';
import { queueFavouriteChanges, syncFavourites } from './sync.ts';
import { trackStats } from '@/features/stats/index.ts';

export async function afterToggle(listingId: string, nowKept: boolean, userId: string | null): Promise<void> {
  toastSuccess(nowKept ? t.favourites.added : t.favourites.removed);
  // Kept in Preferiti: counted for the owner's statistics.
  if (nowKept) trackStats('favourite', listingId);
  await Promise.allSettled([nowKept ? keepOffline(listingId) : Promise.resolve(), userId ? queueFavouriteChanges(userId).then(() => syncFavourites(userId)) : Promise.resolve()]);
}

/** A banned account's tap on the heart: nothing changes, and the user is told why. */
export function refuseBanned(): void {
  toastError(t.favourites.banned);
}
