import { afterEach, describe, expect, it, vi } from 'vitest';
import { photoSources } from '@/features/listings/boot.ts';

const photo = { url: 'https://abc.supabase.co/storage/v1/object/public/listing_photos/u/l/a.jpg', renditions: 'u/l/0123456789abcdef0123', avif: true };
// The detail read is the service worker's to keep: here only its answer matters.
vi.mock('@/lib/publicRest.ts', () => ({ publicRest: { rpc: async () => ({ data: { status: 'active', listing: { photos: [photo] } } }) } }));
const { keepOffline } = await import('./offline.ts');

describe('keepOffline', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.unstubAllGlobals();
  });

  it("asks for each photo through the gallery's <picture>, so the worker keeps the file the page draws", async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
    const asked: HTMLImageElement[] = [];
    vi.stubGlobal(
      'Image',
      class extends window.Image {
        constructor() {
          super();
          asked.push(this);
        }
      },
    );
    const kept = keepOffline('l1');
    const img = await vi.waitFor(() => {
      if (!asked[0]) throw new Error('not asked yet');
      return asked[0];
    });
    const gallery = photoSources(photo, 'gallery');
    expect([...img.parentElement!.querySelectorAll('source')].map((s) => [s.type, s.srcset])).toEqual([
      ['image/avif', gallery.avifSrcSet],
      ['image/webp', gallery.srcSet],
    ]);
    expect(img.getAttribute('src')).toBe(gallery.src);
    img.dispatchEvent(new Event('load'));
    await kept;
  });
});
