/** What other features may use from listings. */
export { ListingCard } from './card/ListingCard.tsx';
export { CardBadge } from './card/CardBadge.tsx';
export { ListingPhotoImage } from './card/ListingPhotoImage.tsx';
export { ListingGrid } from './card/ListingGrid.tsx';
export { ListingSkeleton } from './card/ListingSkeleton.tsx';
export { LoadMore } from './card/LoadMore.tsx';
export { useListingPages } from './useListingPages.ts';
export { useListingCount } from './useListingCount.ts';
export type { SearchParams } from './api.ts';
export { filterArgs as searchFilterArgs } from './api.ts';
export { label, options } from './model.ts';
