import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The network is not what these tests are about: the API calls are counted, not made.
const api = vi.hoisted(() => ({
  searchListings: vi.fn(),
  fetchListingDetail: vi.fn(),
}));
vi.mock('./api.ts', () => api);

const { firstListingPage, listingDetail, prefetchListingDetail, prefetchListingPages } = await import('./prefetch.ts');

const { SHELL_PHOTO_ATTRIBUTE } = await import('@/lib/shellPhoto.ts');
const { photoSources } = await import('./photoSources.ts');

/** The photo prefetch drew in the shell's first card, once it is there. */
const shellShot = () =>
  vi.waitFor(() => {
    const img = document.querySelector<HTMLImageElement>('.sh-photo img.sh-shot');
    if (!img) throw new Error('not drawn yet');
    return img;
  });

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

  it("marks the shell's first photo pending until it has loaded, before the shell is parsed, once", async () => {
    const root = document.documentElement;
    root.removeAttribute(SHELL_PHOTO_ATTRIBUTE);
    root.setAttribute('data-shell', 'home');
    api.searchListings.mockImplementation(async () => ({ ...page('a'), rows: [{ ...page('a').rows[0], photos: [{ id: 'p', url: 'https://x.test/a.jpg', is_primary: true }] }] }));
    try {
      prefetchListingPages({}, 'home');
      expect(root.getAttribute(SHELL_PHOTO_ATTRIBUTE)).toBe('pending');
      document.body.innerHTML = '<div id="root"><section class="sh-home"><div class="sh-photo"></div></section></div>';
      await firstListingPage({}, 'home');
      const shot = await shellShot();
      const settled = new Promise((resolve) => document.addEventListener('shellphoto', resolve, { once: true }));
      expect(root.getAttribute(SHELL_PHOTO_ATTRIBUTE)).toBe('pending');
      // jsdom decodes nothing: the photo is reported decoded when asked.
      const decode = vi.fn(async () => undefined);
      shot.decode = decode;
      shot.dispatchEvent(new Event('load'));
      await settled;
      expect(decode).toHaveBeenCalled();
      expect(root.getAttribute(SHELL_PHOTO_ATTRIBUTE)).toBe('done');
      // Inside the app (boot has settled it) a prefetch marks nothing.
      document.body.innerHTML = '<div id="root"></div>';
      prefetchListingPages({ city: 'Roma' }, 'city=Roma');
      expect(root.getAttribute(SHELL_PHOTO_ATTRIBUTE)).toBe('done');
    } finally {
      document.body.innerHTML = '';
      root.removeAttribute('data-shell');
      root.removeAttribute(SHELL_PHOTO_ATTRIBUTE);
    }
  });

  it("where the browser has Element Timing, the shell's photo settles once it is on screen, not when decoded", async () => {
    const root = document.documentElement;
    root.removeAttribute(SHELL_PHOTO_ATTRIBUTE);
    root.setAttribute('data-shell', 'home');
    api.searchListings.mockImplementation(async () => ({ ...page('a'), rows: [{ ...page('a').rows[0], photos: [{ id: 'p', url: 'https://x.test/a.jpg', is_primary: true }] }] }));
    // jsdom has no Element Timing: the browser's observer is what this test is not about.
    const observers: { callback: PerformanceObserverCallback; type?: string }[] = [];
    class ElementTimingObserver {
      static supportedEntryTypes = ['element', 'largest-contentful-paint'];
      constructor(readonly callback: PerformanceObserverCallback) {}
      observe(opts: { type?: string }) {
        observers.push({ callback: this.callback, type: opts.type });
      }
      disconnect() {}
    }
    vi.stubGlobal('PerformanceObserver', ElementTimingObserver);
    try {
      prefetchListingPages({}, 'home');
      document.body.innerHTML = '<div id="root"><section class="sh-home"><div class="sh-photo"></div></section></div>';
      await firstListingPage({}, 'home');
      const shot = await shellShot();
      expect(shot.getAttribute('elementtiming')).toBe('shell-photo');
      shot.decode = vi.fn(async () => undefined);
      shot.dispatchEvent(new Event('load'));
      await new Promise((r) => setTimeout(r, 10));
      expect(root.getAttribute(SHELL_PHOTO_ATTRIBUTE)).toBe('pending');
      const entries = (identifier: string) => ({ getEntries: () => [{ identifier }] }) as unknown as PerformanceObserverEntryList;
      const [watch] = observers.filter((o) => o.type === 'element');
      watch!.callback(entries('another'), watch as unknown as PerformanceObserver);
      expect(root.getAttribute(SHELL_PHOTO_ATTRIBUTE)).toBe('pending');
      watch!.callback(entries('shell-photo'), watch as unknown as PerformanceObserver);
      expect(root.getAttribute(SHELL_PHOTO_ATTRIBUTE)).toBe('done');
    } finally {
      vi.unstubAllGlobals();
      document.body.innerHTML = '';
      root.removeAttribute('data-shell');
      root.removeAttribute(SHELL_PHOTO_ATTRIBUTE);
    }
  });

  it("asks for the gallery's first photo with the gallery's renditions and sizes, so the browser picks the same file", async () => {
    const root = document.documentElement;
    root.setAttribute('data-shell', 'listing');
    const photo = { id: 'p', url: 'https://x.test/a.jpg', is_primary: true, created_at: '2026-11-01T10:00:00Z', renditions: 'u/l/0123456789abcdef0123', placeholder: null };
    api.fetchListingDetail.mockImplementationOnce(async () => ({ status: 'active', listing: { ...page('d').rows[0], photos: [photo] }, phone: null }));
    try {
      prefetchListingDetail('d');
      document.body.innerHTML = '<div id="root"><section class="sh-listing"><div class="sh-gallery"></div></section></div>';
      await listingDetail('d');
      const shot = await vi.waitFor(() => document.querySelector<HTMLImageElement>('.sh-gallery img.sh-shot')!);
      const gallery = photoSources(photo, 'gallery');
      expect(shot.getAttribute('srcset')).toBe(gallery.srcSet);
      expect(shot.getAttribute('sizes')).toBe(gallery.sizes);
      expect(shot.fetchPriority).toBe('high');
    } finally {
      document.body.innerHTML = '';
      root.removeAttribute('data-shell');
      root.removeAttribute(SHELL_PHOTO_ATTRIBUTE);
    }
  });

  it("asks for an AVIF first photo through the gallery's <picture>, drawn in the shell's frame", async () => {
    const root = document.documentElement;
    root.setAttribute('data-shell', 'listing');
    const photo = { id: 'p', url: 'https://x.test/a.jpg', is_primary: true, created_at: '2026-11-01T10:00:00Z', renditions: 'u/l/0123456789abcdef0123', placeholder: null, avif: true };
    api.fetchListingDetail.mockImplementationOnce(async () => ({ status: 'active', listing: { ...page('d').rows[0], photos: [photo] }, phone: null }));
    try {
      prefetchListingDetail('e');
      document.body.innerHTML = '<div id="root"><section class="sh-listing"><div class="sh-gallery"></div></section></div>';
      await listingDetail('e');
      const shot = await vi.waitFor(() => document.querySelector<HTMLImageElement>('.sh-gallery > picture > img.sh-shot')!);
      const gallery = photoSources(photo, 'gallery');
      const sources = [...shot.parentElement!.querySelectorAll('source')].map((s) => [s.type, s.srcset, s.sizes]);
      expect(sources).toEqual([
        ['image/avif', gallery.avifSrcSet, gallery.sizes],
        ['image/webp', gallery.srcSet, gallery.sizes],
      ]);
      expect(shot.getAttribute('sizes')).toBe(gallery.sizes);
    } finally {
      document.body.innerHTML = '';
      root.removeAttribute('data-shell');
      root.removeAttribute(SHELL_PHOTO_ATTRIBUTE);
    }
  });

  it('a failed prefetch settles the shell photo, so the app is not held', async () => {
    const root = document.documentElement;
    root.removeAttribute(SHELL_PHOTO_ATTRIBUTE);
    root.setAttribute('data-shell', 'listing');
    api.fetchListingDetail.mockImplementationOnce(async () => {
      throw new Error('offline');
    });
    try {
      prefetchListingDetail('y');
      expect(root.getAttribute(SHELL_PHOTO_ATTRIBUTE)).toBe('pending');
      await expect(listingDetail('y')).rejects.toThrow('offline');
      await vi.waitFor(() => expect(root.getAttribute(SHELL_PHOTO_ATTRIBUTE)).toBe('done'));
    } finally {
      document.body.innerHTML = '';
      root.removeAttribute('data-shell');
      root.removeAttribute(SHELL_PHOTO_ATTRIBUTE);
    }
  });
});
