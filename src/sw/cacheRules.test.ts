import { describe, expect, it } from 'vitest';
import { isListingApiRead, isListingPhoto, photoObjectPath, postCacheKey, standIn } from './cacheRules.ts';

const u = (s: string) => new URL(s);

describe('service worker routes', () => {
  it('caches listing reads of the API', () => {
    expect(isListingApiRead(u('http://api/rest/v1/rpc/search_listings'), 'POST')).toBe(true);
    expect(isListingApiRead(u('http://api/rest/v1/rpc/search_listings_count'), 'POST')).toBe(true);
    expect(isListingApiRead(u('http://api/rest/v1/rpc/listing_detail'), 'POST')).toBe(true);
    expect(isListingApiRead(u('http://api/rest/v1/listings?select=*'), 'GET')).toBe(true);
    expect(isListingApiRead(u('http://api/rest/v1/rpc/create_listing'), 'POST')).toBe(false);
    expect(isListingApiRead(u('http://api/rest/v1/profiles'), 'GET')).toBe(false);
    expect(isListingApiRead(u('http://api/rest/v1/listings'), 'PATCH')).toBe(false);
  });
  it('caches listing photos only', () => {
    expect(isListingPhoto(u('http://api/storage/v1/object/public/listing_photos/u/l/a.jpg'), 'GET')).toBe(true);
    expect(isListingPhoto(u('http://api/storage/v1/object/public/listing_photos/u/l/0123456789abcdef0123-540.webp'), 'GET')).toBe(true);
    expect(isListingPhoto(u('http://api/storage/v1/object/public/avatars/a.jpg'), 'GET')).toBe(false);
  });
  it('knows every rendition of one photo as the same photo', () => {
    const key = '0123456789abcdef0123';
    const photo = (name: string) => photoObjectPath(u(`http://api/storage/v1/object/public/listing_photos/u/l/${name}`));
    expect(photo('a.jpg')).toBe('listing_photos/u/l/a.jpg');
    expect(photo(`${key}-360.webp`)).toBe(`listing_photos/u/l/${key}`);
    expect(photo(`${key}-1080.webp`)).toBe(photo(`${key}-360.webp`));
    expect(photo(`${key}-720.jpg`)).toBe(photo(`${key}-360.webp`));
    expect(photo(`${key}-720.avif`)).toBe(photo(`${key}-360.webp`));
    expect(photo(`fedcba9876543210fedc-360.webp`)).not.toBe(photo(`${key}-360.webp`));
    // A crop's random name that happens to end in digits is its own photo.
    expect(photo('1b4e28ba-2fa1-11d2-883f-001122334455.jpg')).toBe('listing_photos/u/l/1b4e28ba-2fa1-11d2-883f-001122334455.jpg');
    // Storage's transformations are no photo address of the app's (issue 44).
    expect(photoObjectPath(u(`http://api/storage/v1/render/image/public/listing_photos/u/l/a.jpg?width=400`))).toBeNull();
    expect(photoObjectPath(u('http://api/storage/v1/object/public/avatars/a.jpg'))).toBeNull();
  });
  it('offline, another kept width of the same photo stands in, in the format asked when kept', () => {
    const file = (name: string) => u(`http://api/storage/v1/object/public/listing_photos/u/l/${name}`);
    const key = '0123456789abcdef0123';
    const other = file('fedcba9876543210fedc-720.avif');
    expect(standIn(file(`${key}-720.avif`), [other, file(`${key}-360.webp`), file(`${key}-540.avif`)])).toEqual(file(`${key}-540.avif`));
    // An AVIF asked, a WebP kept: the browser goes by the bytes.
    expect(standIn(file(`${key}-720.avif`), [other, file(`${key}-1080.webp`)])).toEqual(file(`${key}-1080.webp`));
    expect(standIn(file(`${key}-720.webp`), [file(`${key}-360.avif`), file(`${key}-1080.webp`)])).toEqual(file(`${key}-1080.webp`));
    expect(standIn(file(`${key}-720.avif`), [other])).toBeUndefined();
  });

  it('keys POST reads by their body', () => {
    expect(postCacheKey('http://api/rest/v1/rpc/x', '{"a":1}')).toBe('http://api/rest/v1/rpc/x?__body=%7B%22a%22%3A1%7D');
    expect(postCacheKey('http://api/x?s=1', 'b')).toBe('http://api/x?s=1&__body=b');
  });
});
