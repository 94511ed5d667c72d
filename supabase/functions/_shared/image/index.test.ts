import { describe, expect, it } from 'vitest';
import { faultOf, gpsJpeg, plainImage } from '../../../../tests/support/images.ts';
import { imageSize, jpegMetadata, sniffImageKind, stripMetadata } from './index.ts';

const text = (s: string) => new TextEncoder().encode(s);

describe('sniffImageKind', () => {
  it('goes by the bytes', async () => {
    expect(sniffImageKind(await plainImage('jpeg'))).toBe('jpeg');
    expect(sniffImageKind(await plainImage('png'))).toBe('png');
    expect(sniffImageKind(await plainImage('webp'))).toBe('webp');
    expect(sniffImageKind(text('<html><body>ciao</body></html>'))).toBeNull();
    expect(sniffImageKind(text('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageKind(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });
});

describe('imageSize', () => {
  it('names the format and the size, or the fault', async () => {
    expect(imageSize(await plainImage('png', 30, 20))).toEqual({ kind: 'png', width: 30, height: 20 });
    expect(faultOf(() => imageSize(text('<svg xmlns="http://www.w3.org/2000/svg"/>')))).toBe('not_image');
    expect(faultOf(() => imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xd9])))).toBe('broken');
  });
});

describe('stripMetadata', () => {
  it('picks the format from the bytes, and refuses bytes of another', async () => {
    const jpeg = await gpsJpeg();
    expect(jpegMetadata(stripMetadata(jpeg)).gps).toBe(false);
    expect(jpegMetadata(stripMetadata(jpeg, 'jpeg')).gps).toBe(false);
    expect(faultOf(() => stripMetadata(jpeg, 'png'))).toBe('broken');
    expect(faultOf(() => stripMetadata(text('<html></html>')))).toBe('not_image');
  });
});
