/**
 * Signs that a visitor is really using the app (a favourite, a saved search, a page viewed).
 * Features report them here; the install invitation listens. An event, so reporting costs
 * the first route nothing and no feature imports another.
 */
export type Engagement = 'favourite' | 'saved_search' | 'page_view';

export const ENGAGEMENT_EVENT = 'app:engagement';

export function noteEngagement(kind: Engagement): void {
  window.dispatchEvent(new CustomEvent<Engagement>(ENGAGEMENT_EVENT, { detail: kind }));
}
