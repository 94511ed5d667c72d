/** Favourites for signed-in-only code (kept out of the visitor's first route). */
export { useFavouritesSync } from './useFavouritesSync.ts';
