import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAMERA_TEXT, faultOf, gpsImage, latin1, plainImage, withTail } from '../../../../tests/support/images.ts';
import { stripWebp, webpChunks, webpSize } from './webp.ts';

describe('stripWebp', () => {
  it("removes a WebP's EXIF and XMP chunks and their VP8X flags; ICC and pixels stay", async () => {
    const source = await gpsImage('webp');
    expect(webpChunks(source)).toEqual(expect.arrayContaining(['EXIF', 'XMP ', 'ICCP']));
    const clean = stripWebp(source);
    expect(webpChunks(clean)).toEqual(webpChunks(source).filter((c) => c !== 'EXIF' && c !== 'XMP '));
    expect(clean[20]! & 0x0c).toBe(0);
    expect(latin1(clean)).not.toMatch(CAMERA_TEXT);
    const meta = await sharp(clean).metadata();
    expect([meta.width, meta.height, meta.exif, meta.xmp]).toEqual([40, 50, undefined, undefined]);
    expect(meta.icc).toEqual((await sharp(source).metadata()).icc);
    expect(Buffer.compare(await sharp(source).raw().toBuffer(), await sharp(clean).raw().toBuffer())).toBe(0);
  });

  it('keeps only the orientation of a rotated picture', async () => {
    const clean = stripWebp(await gpsImage('webp', 6));
    expect(latin1(clean)).not.toMatch(CAMERA_TEXT);
    expect((await sharp(clean).metadata()).orientation).toBe(6);
  });

  it('drops everything after the RIFF size', async () => {
    const source = await plainImage('webp');
    expect(stripWebp(withTail(source, '<script>alert(1)</script>'))).toEqual(source);
  });

  it('refuses a WebP that does not parse: truncated, or without image data', async () => {
    const source = await plainImage('webp');
    expect(faultOf(() => stripWebp(source.subarray(0, source.length - 4)))).toBe('broken');
    const headerOnly = new Uint8Array(source.subarray(0, 12));
    new DataView(headerOnly.buffer).setUint32(4, 4, true);
    expect(faultOf(() => stripWebp(headerOnly))).toBe('broken');
  });
});

describe('webpSize', () => {
  it('reads the first chunk: lossy (VP8), lossless (VP8L) and extended (VP8X)', async () => {
    const lossy = await plainImage('webp', 300, 200);
    const lossless = await plainImage('webp', 301, 199, true);
    const extended = await gpsImage('webp');
    expect(webpChunks(lossy)[0]).toBe('VP8 ');
    expect(webpChunks(lossless)[0]).toBe('VP8L');
    expect(webpChunks(extended)[0]).toBe('VP8X');
    expect(webpSize(lossy)).toEqual({ width: 300, height: 200 });
    expect(webpSize(lossless)).toEqual({ width: 301, height: 199 });
    expect(webpSize(extended)).toEqual({ width: 40, height: 50 });
  });
});
