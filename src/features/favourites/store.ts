/**
 * The favourites of this device (a visitor's, or a signed-in user's copy of the account's),
 * persisted to IndexedDB so /preferiti opens offline; cleared on log out like the other stores.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { idbStorage } from '@/lib/idbStorage.ts';
import { emptyFavourites, withAdded, withRemoved, type FavouritesData, type FavouriteSnapshot } from './model.ts';

export const FAVOURITES_STORE = 'favourites';

export const useFavouritesStore = create<FavouritesData>()(
  persist(() => emptyFavourites, {
    name: FAVOURITES_STORE,
    storage: createJSONStorage(() => idbStorage),
    skipHydration: true,
  }),
);

export function addFavourite(item: FavouriteSnapshot) {
  useFavouritesStore.setState((s) => withAdded(s, item));
}

export function removeFavourite(id: string) {
  useFavouritesStore.setState((s) => withRemoved(s, id));
}

export async function clearFavouritesStore() {
  useFavouritesStore.setState(emptyFavourites, true);
  await useFavouritesStore.persist.getOptions().storage?.removeItem(FAVOURITES_STORE);
}
