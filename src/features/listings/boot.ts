/**
 * The listings feature's second public entry, for code that runs before the app (src/boot.ts):
 * no components, no catalogue, so importing it costs a few kilobytes, not the UI.
 */
export { prefetchHome, prefetchListingPages, prefetchListingDetail } from './prefetch.ts';
export { ATTRIBUTE_KEYS, type ListingPhoto } from './shape.ts';
export { photoSources, requestPhoto } from './photoSources.ts';
export type { SearchParams } from './api.ts';
