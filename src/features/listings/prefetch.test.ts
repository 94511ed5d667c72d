import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The network is not what these tests are about: the API calls are counted, not made.
const api = vi.hoisted(() => ({
  searchListings: vi.fn(),
  fetchListingDetail: vi.fn(),
}));
vi.mock('./api.ts', () => api);

const { firstListingPage, listingDetail, prefetchListingDetail, prefetchListingPages } = await import('./prefetch.ts');

const page = (id: string) => ({ rows: [{ id, photos: [], is_premium: false, is_paused: false, promotion_start_at: null, promotion_end_at: null }], next: null });

describe('route prefetch', () => {
  beforeEach(() => {
    api.searchListings.mockReset().mockImplementation(async () => page('a'));
    api.fetchListingDetail.mockReset().mockImplementation(async (id: string) => ({ status: 'active', listing: null, phone: null, id }));
  });
  afterEach(() => vi.useRealTimers());

  it('hands the started request to the screen that asks for the same page, once', async () => {
    prefetchListingPages({ city: 'Milano' }, 'city=Milano');
    expect(api.searchListings).toHaveBeenCalledTimes(1);
    await expect(firstListingPage({ city: 'Milano' }, 'city=Milano')).resolves.toEqual(page('a'));
    expect(api.searchListings).toHaveBeenCalledTimes(1);
    // A second visit (a reload of the list) asks the server again.
    await firstListingPage({ city: 'Milano' }, 'city=Milano');
    expect(api.searchListings).toHaveBeenCalledTimes(2);
  });

  it('does not hand over a different page, or a stale answer', async () => {
    vi.useFakeTimers();
    prefetchListingPages({}, 'home');
    await firstListingPage({ city: 'Roma' }, 'city=Roma');
    expect(api.searchListings).toHaveBeenCalledTimes(2);
    prefetchListingPages({ city: 'Torino' }, 'city=Torino');
    vi.advanceTimersByTime(11_000);
    await firstListingPage({ city: 'Torino' }, 'city=Torino');
    expect(api.searchListings).toHaveBeenCalledTimes(4);
  });

  it('a failed prefetch is reported by the screen that takes it', async () => {
    api.fetchListingDetail.mockImplementationOnce(async () => {
      throw new Error('offline');
    });
    prefetchListingDetail('x');
    await expect(listingDetail('x')).rejects.toThrow('offline');
    expect(api.fetchListingDetail).toHaveBeenCalledTimes(1);
  });
});
