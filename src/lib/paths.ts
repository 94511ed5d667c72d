/**
 * Every route's path, written once: the route table (app/routes.tsx) uses the patterns, links
 * and boot's prefetch the builders. No imports, so the boot entry can use it for a few bytes.
 */
export const paths = {
  home: '/',
  search: '/search',
  listing: '/listing/:id',
  terms: '/termini',
  privacy: '/privacy',
  auth: '/auth',
  authCallback: '/auth/callback',
  banned: '/banned',
  registrationSuccess: '/registration-success',
  myTickets: '/my-tickets',
  ticket: '/my-tickets/:ticketId',
  newTicket: '/new-ticket',
  myCoupons: '/my-coupons',
  dashboard: '/dashboard',
  newListing: '/new-listing',
  editListing: '/edit-listing/:id',
  promoteListing: '/promote-listing/:listingId',
  buyCredits: '/buy-credits',
  buyCreditsResult: '/buy-credits/esito',
  profileSettings: '/profile-settings',
  changePassword: '/change-password',
  myListings: '/my-listings',
  creditHistory: '/credit-history',
  admin: '/admin',
  adminUserListings: '/admin/users/:userId/listings',
  favourites: '/preferiti',
  savedSearches: '/ricerche-salvate',
  savedSearch: '/ricerche-salvate/:id',
  stats: '/statistiche/:id',
} as const;

/** `pattern` with its one `:param` replaced by `value`, encoded. */
const fill = (pattern: string, value: string) => pattern.replace(/:\w+/, encodeURIComponent(value));

export const listingPath = (id: string) => fill(paths.listing, id);
export const editListingPath = (id: string) => fill(paths.editListing, id);
export const statsPath = (id: string) => fill(paths.stats, id);
export const ticketPath = (ticketId: string) => fill(paths.ticket, ticketId);
/** A saved search: the page opens /search with its filters. */
export const savedSearchPath = (id: string) => fill(paths.savedSearch, id);

const listingPattern = new RegExp(`^${paths.listing.replace(':id', '([^/]+)')}/?$`);

/** The listing id of a listing's path, else null. */
export function listingIdOf(pathname: string): string | null {
  const match = listingPattern.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** '/promote-listing/{id}', with the package to extend when there is one (?mode=day|night). */
export const promoteListingPath = (id: string, mode?: string | null) =>
  `${fill(paths.promoteListing, id)}${mode === 'day' || mode === 'night' ? `?mode=${mode}` : ''}`;

/** The query parameter that opens 'I miei annunci' on one listing: its page, its card in view. */
export const MY_LISTINGS_FOCUS_PARAM = 'annuncio';

/** 'I miei annunci' opened on one listing (after buying its promotion: the card's 'Hot' or 'In Attesa' in view). */
export const myListingsPath = (focus: string) => `${paths.myListings}?${MY_LISTINGS_FOCUS_PARAM}=${encodeURIComponent(focus)}`;

/** A user's listings in the control panel. */
export const adminUserListingsPath = (userId: string) => fill(paths.adminUserListings, userId);

/** The query parameter that names the control panel's open section: /admin?sezione=segnalazioni. */
export const ADMIN_SECTION_PARAM = 'sezione';

/** The control panel opened on a section. */
export const adminSectionPath = (id: string) => `${paths.admin}?${ADMIN_SECTION_PARAM}=${encodeURIComponent(id)}`;
