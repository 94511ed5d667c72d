import { describe, expect, it } from 'vitest';
import { photoSources } from './photoSources.ts';

describe('photoSources', () => {
  const stored = 'http://127.0.0.1:54321/storage/v1/object/public/listing_photos/u/l/demo-1.jpg';

  it('offers resized renditions of a Storage photo, sized for where it shows', () => {
    const card = photoSources(stored, 'card');
    expect(card.src).toBe('http://127.0.0.1:54321/storage/v1/render/image/public/listing_photos/u/l/demo-1.jpg?width=800&quality=75');
    expect(card.srcSet?.split(', ')).toEqual(
      [400, 600, 800, 1080, 1440].map((w) => `http://127.0.0.1:54321/storage/v1/render/image/public/listing_photos/u/l/demo-1.jpg?width=${w}&quality=75 ${w}w`),
    );
    expect(card.sizes).toContain('100vw');
    expect(photoSources(stored, 'gallery').sizes).toContain('540px');
  });

  it('serves any other address as it is', () => {
    expect(photoSources('https://cdn.example.com/a.jpg', 'card')).toEqual({ src: 'https://cdn.example.com/a.jpg' });
  });
});
