import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { CAMERA_TEXT, faultOf, gpsJpeg, latin1, plainImage, withTail } from '../../../../tests/support/images.ts';
import { jpegMetadata, jpegOrientation, jpegSize, stripJpeg } from './jpeg.ts';

const raw = (b: Uint8Array) => sharp(b).raw().toBuffer();

/** The offset of the first `marker` segment. */
const markerAt = (b: Uint8Array, marker: number) => b.findIndex((v, i) => v === 0xff && b[i + 1] === marker);
/** The bytes without the segment of `marker` (and its length). */
function withoutSegment(b: Uint8Array, marker: number): Uint8Array {
  const at = markerAt(b, marker);
  return new Uint8Array([...b.subarray(0, at), ...b.subarray(at + 2 + ((b[at + 2]! << 8) | b[at + 3]!))]);
}

describe('stripJpeg', () => {
  it('removes EXIF with its GPS position, XMP and the camera details; ICC and pixels stay', async () => {
    const source = await gpsJpeg();
    expect(jpegMetadata(source)).toMatchObject({ exif: true, gps: true, xmp: true });
    expect(latin1(source)).toMatch(CAMERA_TEXT);

    const clean = stripJpeg(source);
    expect(jpegMetadata(clean)).toEqual({ exif: false, gps: false, xmp: false, comment: false });
    expect(latin1(clean)).not.toMatch(CAMERA_TEXT);
    expect(latin1(clean)).not.toContain('GPS');
    const meta = await sharp(clean).metadata();
    expect([meta.exif, meta.xmp]).toEqual([undefined, undefined]);
    // Same pixels: the entropy-coded data is copied, not re-encoded.
    expect(Buffer.compare(await raw(source), await raw(clean))).toBe(0);
  });

  it('keeps the colour profile', async () => {
    const source = new Uint8Array(await sharp(await plainImage('jpeg')).withIccProfile('p3').toBuffer());
    const icc = (await sharp(source).metadata()).icc;
    expect(icc).toBeDefined();
    expect((await sharp(stripJpeg(source)).metadata()).icc).toEqual(icc);
  });

  it('keeps only the orientation of a rotated photo, so it still shows upright', async () => {
    const source = await gpsJpeg({ orientation: 6 });
    expect(jpegOrientation(source)).toBe(6);
    const clean = stripJpeg(source);
    expect(jpegOrientation(clean)).toBe(6);
    expect(jpegMetadata(clean)).toMatchObject({ exif: true, gps: false, xmp: false });
    expect(latin1(clean)).not.toMatch(CAMERA_TEXT);
    const meta = await sharp(clean).metadata();
    expect([meta.orientation, meta.width]).toEqual([6, 120]);
  });

  it('drops everything after the end of the image (a script, MPF pictures, trailers)', async () => {
    const source = await gpsJpeg();
    const clean = stripJpeg(withTail(source, '<script>alert(1)</script>'));
    expect(latin1(clean)).not.toContain('<script>');
    expect([...clean.subarray(-2)]).toEqual([0xff, 0xd9]);
    expect(clean).toEqual(stripJpeg(source));
  });

  it('leaves a JPEG without metadata as it was (and a progressive one decodable)', async () => {
    const plain = new Uint8Array(await sharp({ create: { width: 64, height: 80, channels: 3, background: '#123456' } }).jpeg({ progressive: true }).toBuffer());
    const clean = stripJpeg(plain);
    expect((await sharp(clean).metadata()).width).toBe(64);
    expect(Buffer.compare(await raw(plain), await raw(clean))).toBe(0);
  });

  it('refuses a JPEG that does not parse: truncated, no frame header, no scan, garbage', async () => {
    const source = await gpsJpeg();
    expect(faultOf(() => stripJpeg(source.subarray(0, source.length - 2)))).toBe('broken');
    expect(faultOf(() => stripJpeg(source.subarray(0, Math.floor(source.length / 2))))).toBe('broken');
    expect(faultOf(() => stripJpeg(withoutSegment(source, 0xc0)))).toBe('broken');
    const beforeScan = source.subarray(0, markerAt(source, 0xda));
    expect(faultOf(() => stripJpeg(new Uint8Array([...beforeScan, 0xff, 0xd9])))).toBe('broken');
    expect(faultOf(() => stripJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 0xff, 0xd9])))).toBe('broken');
    expect(faultOf(() => stripJpeg(withTail(new Uint8Array([0xff, 0xd8, 0xff]), 'garbage')))).toBe('broken');
  });
});

describe('jpegSize', () => {
  it('reads the frame header only, so the start of a file is enough', async () => {
    const source = await gpsJpeg({ width: 300, height: 200 });
    expect(jpegSize(source)).toEqual({ width: 300, height: 200 });
    expect(jpegSize(source.subarray(0, markerAt(source, 0xda)))).toEqual({ width: 300, height: 200 });
  });

  it('refuses a JPEG without a frame header', async () => {
    const noFrame = withoutSegment(await gpsJpeg(), 0xc0);
    expect(faultOf(() => jpegSize(noFrame))).toBe('broken');
  });
});
