import { describe, expect, it } from 'vitest';
import { renditionUrl } from './storageImage.ts';

describe('renditionUrl', () => {
  const stored = 'https://abc.supabase.co/storage/v1/object/public/listing_photos/u1/l1/a%20b.jpg';

  it('turns a public object URL into the image transformation URL of that object', () => {
    expect(renditionUrl(stored, 800, 75)).toBe('https://abc.supabase.co/storage/v1/render/image/public/listing_photos/u1/l1/a%20b.jpg?width=800&quality=75');
  });

  it('leaves other addresses alone', () => {
    expect(renditionUrl('https://example.com/photo.jpg', 800, 75)).toBeNull();
    expect(renditionUrl('https://abc.supabase.co/storage/v1/object/sign/listing_photos/a.jpg?token=x', 800, 75)).toBeNull();
    expect(renditionUrl(`${stored}?download=`, 800, 75)).toBeNull();
  });
});
