import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jpegMetadata, jpegOrientation, pngChunks, stripJpeg, stripMetadata, stripPng, webpChunks, stripWebp } from './metadata.ts';

/** A real camera-like JPEG (libvips/libexif): EXIF with camera, date and a GPS position in Milan, XMP and a comment. */
async function gpsJpeg(opts: { orientation?: number } = {}) {
  const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="45,27.83N"/></rdf:RDF></x:xmpmeta>';
  let img = sharp({ create: { width: 120, height: 80, channels: 3, background: '#c0392b' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15 Pro', DateTime: '2026:11:20 21:14:03' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 5000/100', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 2200/100' },
    })
    .withXmp(xmp);
  if (opts.orientation) img = img.withMetadata({ orientation: opts.orientation });
  return new Uint8Array(await img.toBuffer());
}

const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('stripJpeg', () => {
  it('removes EXIF with its GPS position, XMP and the camera details; the image stays the same', async () => {
    const source = await gpsJpeg();
    const before = jpegMetadata(source);
    expect(before).toMatchObject({ exif: true, gps: true, xmp: true });
    expect(text(source)).toContain('iPhone 15 Pro');

    const clean = stripJpeg(source);
    expect(jpegMetadata(clean)).toEqual({ exif: false, gps: false, xmp: false, comment: false });
    expect(text(clean)).not.toMatch(/iPhone|Apple|GPS|2026:11:20|xmpmeta/);
    const meta = await sharp(clean).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    // Same pixels: the entropy-coded data is copied, not re-encoded.
    const [a, b] = await Promise.all([sharp(source).raw().toBuffer(), sharp(clean).raw().toBuffer()]);
    expect(Buffer.compare(a, b)).toBe(0);
  });

  it('keeps only the orientation of a rotated photo, so it still shows upright', async () => {
    const source = await gpsJpeg({ orientation: 6 });
    expect(jpegOrientation(source)).toBe(6);
    expect(jpegMetadata(source).gps).toBe(true);
    const clean = stripJpeg(source);
    expect(jpegOrientation(clean)).toBe(6);
    expect(jpegMetadata(clean)).toMatchObject({ gps: false, xmp: false });
    expect(text(clean)).not.toMatch(/iPhone|Apple|2026:11:20/);
    const meta = await sharp(clean).metadata();
    expect(meta.orientation).toBe(6);
    expect(meta.width).toBe(120);
  });

  it('drops data after the end of the image (MPF secondary pictures, trailers)', async () => {
    const source = await gpsJpeg();
    const trailer = new TextEncoder().encode('GPS 45.4641N 9.1919E');
    const withTrailer = new Uint8Array([...source, ...trailer]);
    const clean = stripJpeg(withTrailer);
    expect(text(clean)).not.toContain('45.4641N');
    expect(clean.at(-2)).toBe(0xff);
    expect(clean.at(-1)).toBe(0xd9);
  });

  it('leaves a JPEG without metadata as it was (and a progressive one decodable)', async () => {
    const plain = new Uint8Array(await sharp({ create: { width: 64, height: 80, channels: 3, background: '#123456' } }).jpeg({ progressive: true }).toBuffer());
    const clean = stripJpeg(plain);
    expect((await sharp(clean).metadata()).width).toBe(64);
    expect(Buffer.compare(await sharp(plain).raw().toBuffer(), await sharp(clean).raw().toBuffer())).toBe(0);
  });
});

describe('stripPng and stripWebp', () => {
  it('removes a PNG\'s eXIf and text chunks', async () => {
    const source = new Uint8Array(
      await sharp({ create: { width: 40, height: 50, channels: 4, background: '#00ff0080' } })
        .png()
        .withExif({ IFD0: { Make: 'Apple' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 0/1' } })
        .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>')
        .toBuffer(),
    );
    expect(pngChunks(source)).toEqual(expect.arrayContaining(['eXIf']));
    const clean = stripPng(source);
    expect(pngChunks(clean).filter((c) => /eXIf|tEXt|zTXt|iTXt|tIME/.test(c))).toEqual([]);
    expect(text(clean)).not.toMatch(/Apple|xmpmeta/);
    const meta = await sharp(clean).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([40, 50, undefined]);
  });

  it('removes a WebP\'s EXIF and XMP chunks and their VP8X flags', async () => {
    const source = new Uint8Array(
      await sharp({ create: { width: 40, height: 50, channels: 3, background: '#336699' } })
        .webp()
        .withExif({ IFD0: { Make: 'Apple' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 0/1' } })
        .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>')
        .toBuffer(),
    );
    expect(webpChunks(source)).toEqual(expect.arrayContaining(['EXIF', 'XMP ']));
    const clean = stripWebp(source);
    expect(webpChunks(clean)).not.toContain('EXIF');
    expect(webpChunks(clean)).not.toContain('XMP ');
    expect(text(clean)).not.toMatch(/Apple|xmpmeta/);
    const meta = await sharp(clean).metadata();
    expect([meta.width, meta.height, meta.exif, meta.xmp]).toEqual([40, 50, undefined, undefined]);
  });

  it('stripMetadata picks the format', async () => {
    const jpeg = await gpsJpeg();
    expect(jpegMetadata(stripMetadata(jpeg, 'jpeg')).gps).toBe(false);
  });
});
