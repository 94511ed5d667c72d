import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { t } from '@/lib/catalogue/screens.ts';
import { cropToJpeg, PhotoError, readBytes, readSource } from './image.ts';
import { jpegMetadata } from './metadata.ts';

const gpsJpeg = async () =>
  new Uint8Array(
    await sharp({ create: { width: 80, height: 100, channels: 3, background: '#884422' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Apple' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 0/1' } })
      .toBuffer(),
  );

describe('readSource', () => {
  beforeEach(() => vi.stubGlobal('createImageBitmap', vi.fn(async () => ({ width: 80, height: 100, close: () => undefined }))));
  afterEach(() => vi.unstubAllGlobals());

  it('returns the original without its GPS block, as a JPEG', async () => {
    const bytes = await gpsJpeg();
    expect(jpegMetadata(bytes).gps).toBe(true);
    const source = await readSource(new File([bytes], 'casa.jpg', { type: 'image/jpeg' }));
    const stored = await readBytes(source.original);
    expect(source.original.type).toBe('image/jpeg');
    expect(jpegMetadata(stored)).toEqual({ exif: false, gps: false, xmp: false, comment: false });
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });

  it('refuses a picture over 40 megapixels by its header, before decoding it', async () => {
    const png = new Uint8Array(await sharp({ create: { width: 8, height: 6, channels: 3, background: '#884422' } }).png().toBuffer());
    // IHDR's width and height (bytes 16-23) say 8000 x 6000: 48 megapixels.
    new DataView(png.buffer).setUint32(16, 8000);
    new DataView(png.buffer).setUint32(20, 6000);
    await expect(readSource(new File([png], 'panorama.png', { type: 'image/png' }))).rejects.toEqual(new PhotoError(t.photos.validation.tooLarge('panorama.png')));
    expect(createImageBitmap).not.toHaveBeenCalled();
  });

  it('says a picture no decoder can read is unreadable', async () => {
    vi.stubGlobal('createImageBitmap', vi.fn(async () => Promise.reject(new Error('decode'))));
    const broken = new Uint8Array([0xff, 0xd8, 0xff, 0xd9]);
    await expect(readSource(new File([broken], 'rotta.jpg', { type: 'image/jpeg' }))).rejects.toEqual(new PhotoError(t.photos.validation.unreadable('rotta.jpg')));
  });
});

describe('cropToJpeg', () => {
  it('without an area says there is none', async () => {
    await expect(cropToJpeg(new Blob(['x']), null)).rejects.toEqual(new PhotoError(t.photos.crop.noArea));
  });
});
