/** What other features may use from listings. */
export { ListingCard } from './ListingCard.tsx';
export { ListingGrid } from './ListingGrid.tsx';
export { LoadMore } from './LoadMore.tsx';
export { useListingPages } from './useListingPages.ts';
export { useListingCount } from './useListingCount.ts';
export type { SearchParams } from './api.ts';
export { label, options } from './model.ts';
// The owner card's actions and the owner's listings, for the staff's view of a user's listings.
export { OwnerCardActions } from './OwnerCardActions.tsx';
export { myListingsQuery } from './queries.ts';
export { MY_LISTINGS_PAGE_SIZE } from './api.ts';
