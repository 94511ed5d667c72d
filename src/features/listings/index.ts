/** What other features may use from listings. */
export { ListingCard } from './ListingCard.tsx';
export { CardBadge } from './CardBadge.tsx';
export { ListingPhotoImage } from './ListingPhotoImage.tsx';
export { ListingGrid } from './ListingGrid.tsx';
export { ListingSkeleton } from './ListingSkeleton.tsx';
export { LoadMore } from './LoadMore.tsx';
export { useListingPages } from './useListingPages.ts';
export { useListingCount } from './useListingCount.ts';
export type { SearchParams } from './api.ts';
export { filterArgs as searchFilterArgs } from './api.ts';
export { label, options } from './model.ts';
