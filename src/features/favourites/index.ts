/** What other features and the app may use from favourites. */
export { FavouriteButton, type FavouriteListing } from './components/FavouriteButton.tsx';
export { FAVOURITES_STORE, clearFavouritesStore, useFavouritesStore } from './store.ts';
