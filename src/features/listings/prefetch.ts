/**
 * A route's first request, started as the app boots instead of after the screen's code has
 * loaded and rendered ("render as you fetch"): on a phone that saves a round trip or two
 * before the first listing photo. The screen takes the answer if it asks for the same thing
 * soon after; otherwise it is dropped.
 */
import { fetchListingDetail, searchListings, type ListingDetail, type SearchPage, type SearchParams } from './api.ts';
import { markShellPhoto, settleShellPhoto } from '@/lib/shellPhoto.ts';
import { photoSources, requestPhoto, type PhotoPlace } from './photoSources.ts';
import { visiblePhotos, type Listing } from './shape.ts';

const FRESH_MS = 10_000;
const started = new Map<string, { at: number; answer: Promise<unknown> }>();

/** Keeps `answer` for the screen; its first photo is requested as soon as it arrives. */
function remember<T>(key: string, answer: Promise<T>, place: PhotoPlace, firstListing: (answer: T) => Listing | null | undefined) {
  // Boot runs as soon as it arrives, maybe before the shell's frame is parsed.
  markShellPhoto();
  // A failure is the screen's to report, if it takes the answer.
  answer.then((a) => warmFirstPhoto(firstListing(a), place), settleShellPhoto);
  started.set(key, { at: Date.now(), answer });
}

function take<T>(key: string): Promise<T> | undefined {
  const hit = started.get(key);
  started.delete(key);
  return hit && Date.now() - hit.at < FRESH_MS ? (hit.answer as Promise<T>) : undefined;
}

/** The home page's listings, as HomePage asks for them. */
export const HOME_KEY = 'home';

const warming = new Set<HTMLImageElement>();

/**
 * The first photo the screen will show, requested the moment its address is known rather
 * than when React has drawn the card: it is the page's largest paint. While the prerendered
 * shell is still on screen (the app's code is still arriving) the photo is drawn in its
 * first card's or gallery's frame, which has the card's size, so it shows without waiting for
 * React; the app's <img> then finds it in the browser's memory cache.
 */
function warmFirstPhoto(listing: Listing | null | undefined, place: PhotoPlace) {
  const photo = listing ? visiblePhotos(listing)[0] : undefined;
  if (!photo || typeof Image === 'undefined') return settleShellPhoto();
  const img = new Image();
  img.fetchPriority = 'high';
  const done = () => {
    warming.delete(img);
    settleShellPhoto();
  };
  // The same sources as the card's or gallery's <picture>, so the browser picks the same rendition.
  requestPhoto(img, photoSources(photo, place));
  const route = document.documentElement.getAttribute('data-shell');
  const frame = route && document.querySelector(`#root .sh-${route} :is(.sh-photo, .sh-gallery)`);
  if (frame) {
    img.alt = '';
    img.className = 'sh-shot';
    // With AVIF the <img> is in its <picture>, which goes with it.
    frame.append(img.parentElement ?? img);
  }
  img.onerror = done;
  // Decoded, not only loaded: app.html's loader waits for this photo's paint, which a decode
  // still to do would hold behind the app's first run.
  if (!(frame && whenOnScreen(img, done))) img.onload = () => void img.decode().catch(() => undefined).then(done);
  warming.add(img);
}

const SHELL_SHOT_TIMING = 'shell-photo';

/**
 * Calls `then` once the shell's photo is on screen, from its Element Timing entry (Chromium),
 * which comes when the frame that draws it has been presented: a decode done is that frame's
 * start, and on a slow phone its presentation came 25-55 ms later, with the app's code already
 * asked for. False where the browser has no Element Timing, or while the 18+ gate hides the
 * photo (no entry until it is answered): then the decode says when.
 */
function whenOnScreen(img: HTMLImageElement, then: () => void): boolean {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('element')) return false;
  if (getComputedStyle(img).visibility === 'hidden') return false;
  img.setAttribute('elementtiming', SHELL_SHOT_TIMING);
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntries().some((e) => (e as PerformanceEntry & { identifier?: string }).identifier === SHELL_SHOT_TIMING)) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'element', buffered: true });
  return true;
}

export function prefetchListingPages(params: SearchParams, key: string) {
  remember(`pages:${key}`, searchListings(params), 'card', (page) => page.rows[0]);
}

export function prefetchHome() {
  prefetchListingPages({}, HOME_KEY);
}

export function firstListingPage(params: SearchParams, key: string): Promise<SearchPage> {
  return take<SearchPage>(`pages:${key}`) ?? searchListings(params);
}

export function prefetchListingDetail(id: string) {
  remember(`detail:${id}`, fetchListingDetail(id), 'gallery', (detail) => detail.listing);
}

export function listingDetail(id: string): Promise<ListingDetail> {
  return take<ListingDetail>(`detail:${id}`) ?? fetchListingDetail(id);
}
