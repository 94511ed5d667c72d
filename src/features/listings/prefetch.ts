/**
 * A route's first request, started as the app boots instead of after the screen's code has
 * loaded and rendered ("render as you fetch"): on a phone that saves a round trip or two
 * before the first listing photo. The screen takes the answer if it asks for the same thing
 * soon after; otherwise it is dropped.
 */
import { fetchListingDetail, searchListings, type ListingDetail, type SearchPage, type SearchParams } from './api.ts';

const FRESH_MS = 10_000;
const started = new Map<string, { at: number; answer: Promise<unknown> }>();

function remember(key: string, answer: Promise<unknown>) {
  answer.catch(() => undefined); // a failure is the screen's to report, if it takes the answer
  started.set(key, { at: Date.now(), answer });
}

function take<T>(key: string): Promise<T> | undefined {
  const hit = started.get(key);
  started.delete(key);
  return hit && Date.now() - hit.at < FRESH_MS ? (hit.answer as Promise<T>) : undefined;
}

/** The home page's listings, as HomePage asks for them. */
export const HOME_KEY = 'home';

export function prefetchListingPages(params: SearchParams, key: string) {
  remember(`pages:${key}`, searchListings(params));
}

export function prefetchHome() {
  prefetchListingPages({}, HOME_KEY);
}

export function firstListingPage(params: SearchParams, key: string): Promise<SearchPage> {
  return take<SearchPage>(`pages:${key}`) ?? searchListings(params);
}

export function prefetchListingDetail(id: string) {
  remember(`detail:${id}`, fetchListingDetail(id));
}

export function listingDetail(id: string): Promise<ListingDetail> {
  return take<ListingDetail>(`detail:${id}`) ?? fetchListingDetail(id);
}
