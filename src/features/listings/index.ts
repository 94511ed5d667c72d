/** What other features may use from listings. */
export { ListingCard } from './ListingCard.tsx';
export { ListingGrid } from './ListingGrid.tsx';
export { LoadMore } from './LoadMore.tsx';
export { useListingPages } from './useListingPages.ts';
export { useListingCount } from './useListingCount.ts';
export { searchListings, PAGE_SIZE, type SearchParams, type SearchRow, type Cursor, type SearchPage } from './api.ts';
export { label, options, ATTRIBUTE_KEYS, type Listing, type ValueListKey } from './model.ts';
export { OwnerCardActions } from './OwnerCardActions.tsx';
export { myListingsQuery } from './queries.ts';
export { MY_LISTINGS_PAGE_SIZE } from './api.ts';
