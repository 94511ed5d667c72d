import { useEffect } from 'react';
import { syncFavourites } from './sync.ts';

/**
 * While someone is signed in: on sign-in the device's favourites join the account's, and
 * changes made offline reach it when the connection returns.
 */
export function useFavouritesSync(userId: string) {
  useEffect(() => {
    const sync = () => void syncFavourites(userId).catch(() => undefined);
    sync();
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, [userId]);
}
