/**
 * What signed-in screens of other features use from listings (the staff's view of a user's
 * listings). Apart from index.ts, which the visitor's first route imports: these pull in the
 * query cache, the photo manager and supabase-js.
 */
export { OwnerCardActions } from './owner/OwnerCardActions.tsx';
export { OwnListingNotFound } from './owner/OwnListingNotFound.tsx';
export { myListingKeys, myListingsQuery } from './queries.ts';
export { MY_LISTINGS_PAGE_SIZE } from './api.ts';
