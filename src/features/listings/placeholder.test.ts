import { describe, expect, it, vi } from 'vitest';
import { rgbaToThumbHash, thumbHashToDataURL } from 'thumbhash';

const decode = vi.hoisted(() => vi.fn());
vi.mock('thumbhash', async (actual) => {
  const real = await actual<typeof import('thumbhash')>();
  decode.mockImplementation(real.thumbHashToDataURL);
  return { ...real, thumbHashToDataURL: decode };
});
const { placeholderUrl } = await import('./placeholder.ts');

/** A 4x5 picture, red on top and blue below, as the server stores its ThumbHash (base64). */
const hash = btoa(String.fromCharCode(...rgbaToThumbHash(4, 5, Uint8Array.from({ length: 80 }, (_, i) => [255, 0, i < 40 ? 0 : 255, 255][i % 4]!))));

describe('placeholderUrl', () => {
  it("paints the stored ThumbHash as a data: URL, decoded once per hash", () => {
    const url = placeholderUrl(hash);
    expect(url).toMatch(/^data:image\/png;base64,/);
    expect(placeholderUrl(hash)).toBe(url);
    expect(decode).toHaveBeenCalledTimes(1);
    expect(url).toBe(thumbHashToDataURL(Uint8Array.from(atob(hash), (c) => c.charCodeAt(0))));
  });

  it('paints nothing without a hash or with one that does not decode', () => {
    expect(placeholderUrl(null)).toBeUndefined();
    expect(placeholderUrl(undefined)).toBeUndefined();
    expect(placeholderUrl('not base64!')).toBeUndefined();
  });
});
