import { describe, expect, it } from 'vitest';
import { SUPABASE_URL } from '@/lib/env.ts';
import { photoSources, requestPhoto } from './photoSources.ts';

describe('photoSources', () => {
  const crop = 'http://127.0.0.1:54321/storage/v1/object/public/listing_photos/u/l/demo-1.jpg';
  const renditions = 'u/l/0123456789abcdef0123';
  const file = (name: string) => `${SUPABASE_URL}/storage/v1/object/public/listing_photos/${renditions}${name}`;

  it('offers the WebP renditions made at upload, the JPEG for the <img>, sized for where the photo shows', () => {
    const card = photoSources({ url: crop, renditions }, 'card');
    expect(card.src).toBe(file('-720.jpg'));
    expect(card.srcSet?.split(', ')).toEqual([360, 540, 720, 1080].map((w) => `${file(`-${w}.webp`)} ${w}w`));
    // One column on a phone: the page's padding and the card's border are not photo.
    expect(card.sizes).toMatch(/calc\(100vw - 26px\)$/);
    expect(photoSources({ url: crop, renditions }, 'gallery').sizes).toBe('(min-width: 45em) 696px, calc(100vw - 24px)');
    expect(`${card.src} ${card.srcSet}`).not.toContain('/render/image/');
  });

  it('shows the stored crop of a photo whose renditions are not made yet', () => {
    expect(photoSources({ url: crop, renditions: null }, 'card')).toEqual({ src: crop });
    expect(photoSources({ url: crop }, 'gallery')).toEqual({ src: crop });
  });

  it('offers the AVIF renditions once made, with the 1080 WebP above them, at the same sizes', () => {
    const card = photoSources({ url: crop, renditions, avif: true }, 'card');
    expect(card.avifSrcSet?.split(', ')).toEqual([
      `${file('-360.avif')} 360w`,
      `${file('-540.avif')} 540w`,
      `${file('-720.avif')} 720w`,
      `${file('-1080.webp')} 1080w`,
    ]);
    expect(card).toMatchObject(photoSources({ url: crop, renditions }, 'card'));
    // Not made yet (or a copy read before the column): WebP only.
    expect(photoSources({ url: crop, renditions, avif: false }, 'card').avifSrcSet).toBeUndefined();
    expect(photoSources({ url: crop, renditions }, 'gallery').avifSrcSet).toBeUndefined();
    // A crop without renditions has no AVIF, whatever the row says.
    expect(photoSources({ url: crop, renditions: null, avif: true }, 'card')).toEqual({ src: crop });
  });

  it('asks for a photo as an <img> with its sources would: sizes before srcset', () => {
    const order: string[] = [];
    const img = new Proxy({} as HTMLImageElement, { set: (_, key) => (order.push(String(key)), true) });
    requestPhoto(img, photoSources({ url: crop, renditions }, 'card'));
    expect(order).toEqual(['sizes', 'srcset', 'src']);
  });

  it("asks for an AVIF photo in a <picture> like the page's: the AVIF source, the WebP one, then the <img>, its src last", () => {
    const sources = photoSources({ url: crop, renditions, avif: true }, 'gallery');
    const img = new Image();
    const order: string[] = [];
    for (const key of ['sizes', 'srcset', 'src'] as const)
      Object.defineProperty(img, key, { set: (v: string) => (order.push(img.parentElement ? key : `${key} before the <picture>`), img.setAttribute(key, v)) });
    requestPhoto(img, sources);
    const picture = img.parentElement!;
    expect(picture.tagName).toBe('PICTURE');
    expect([...picture.children].map((e) => e.getAttribute('type') ?? e.tagName)).toEqual(['image/avif', 'image/webp', 'IMG']);
    const [avif, webp] = picture.querySelectorAll('source');
    expect(avif!.getAttribute('srcset')).toBe(sources.avifSrcSet);
    expect(webp!.getAttribute('srcset')).toBe(sources.srcSet);
    for (const source of [avif!, webp!]) expect(source.getAttribute('sizes')).toBe(sources.sizes);
    expect(order).toEqual(['sizes', 'srcset', 'src']);
    expect(img.getAttribute('src')).toBe(sources.src);
    // Without AVIF the <img> stays as it is: its srcset is the WebP list.
    const plain = new Image();
    requestPhoto(plain, photoSources({ url: crop, renditions }, 'gallery'));
    expect(plain.parentElement).toBeNull();
  });
});
