/**
 * Pure logic of the Annunci section: which state a listing is shown in and which filters the
 * section offers. Review first (issue 40): a listing waiting for staff or refused is not public
 * whatever its pause or expiry, so it is never shown as 'Attivi'.
 */
export type ListingState = 'live' | 'paused' | 'expired' | 'pending' | 'rejected';
export type ListingStateFilter = 'all' | ListingState;

/** The filters, in the order the section shows them. */
export const LISTING_STATE_FILTERS: readonly ListingStateFilter[] = ['all', 'live', 'pending', 'rejected', 'paused', 'expired'];

export interface ListingStateFields {
  is_paused: boolean;
  expires_at: string;
  review_status?: string | null;
}

export function listingStateOf(l: ListingStateFields, now: number): ListingState {
  if (l.review_status === 'pending' || l.review_status === 'rejected') return l.review_status;
  if (l.is_paused) return 'paused';
  return Date.parse(l.expires_at) <= now ? 'expired' : 'live';
}

/** The badge colour of each state. */
export const LISTING_STATE_COLOR: Record<ListingState, string> = { live: 'teal', paused: 'yellow', expired: 'gray', pending: 'orange', rejected: 'red' };
