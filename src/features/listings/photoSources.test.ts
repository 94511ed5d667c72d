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

  it('asks for a photo as an <img> with its sources would: sizes before srcset', () => {
    const order: string[] = [];
    const img = new Proxy({} as HTMLImageElement, { set: (_, key) => (order.push(String(key)), true) });
    requestPhoto(img, photoSources({ url: crop, renditions }, 'card'));
    expect(order).toEqual(['sizes', 'srcset', 'src']);
  });
});
