import { describe, expect, it } from 'vitest';
import { t } from '@/lib/catalogue/screens.ts';
import { avifSizes, checkFile, cropRect, fitCount, MAX_BYTES, outputSize, sniffImageKind, uploadReview } from './model.ts';
import { CROP_MAX_HEIGHT, CROP_MAX_WIDTH } from '../../../supabase/functions/_shared/image/limits.ts';

const v = t.photos.validation;
const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((ch) => ch.charCodeAt(0)) : p)));

const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF');
const PNG = bytes('\x89PNG\r\n\x1a\n', [0, 0, 0, 13]);
const WEBP = bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ');
const HEIC = bytes([0, 0, 0, 24], 'ftypheic', [0, 0, 0, 0]);
const TEXT = bytes('Ciao, questo è un file di testo.');

describe('sniffImageKind', () => {
  it('recognises JPEG, PNG, WebP and HEIC by their first bytes', () => {
    expect(sniffImageKind(JPEG)).toBe('jpeg');
    expect(sniffImageKind(PNG)).toBe('png');
    expect(sniffImageKind(WEBP)).toBe('webp');
    expect(sniffImageKind(HEIC)).toBe('heic');
    expect(sniffImageKind(bytes([0, 0, 0, 24], 'ftypmif1'))).toBe('heic');
  });
  it('refuses text, GIF, AVIF and PDF', () => {
    expect(sniffImageKind(TEXT)).toBeNull();
    expect(sniffImageKind(bytes('GIF89a'))).toBeNull();
    expect(sniffImageKind(bytes([0, 0, 0, 24], 'ftypavif'))).toBeNull();
    expect(sniffImageKind(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffImageKind(new Uint8Array())).toBeNull();
  });
});

describe('checkFile', () => {
  it('accepts an image by its bytes, whatever the MIME type says', () => {
    expect(checkFile({ name: 'IMG_0001.HEIC', type: '', size: 3_000_000 }, HEIC)).toEqual({ kind: 'heic' });
    expect(checkFile({ name: 'foto.jpg', type: 'image/jpeg', size: MAX_BYTES }, JPEG)).toEqual({ kind: 'jpeg' });
  });
  it('refuses a text file renamed .jpg as not an image', () => {
    expect(checkFile({ name: 'documento.jpg', type: 'image/jpeg', size: 40 }, TEXT)).toEqual({ error: v.notImage('documento.jpg') });
  });
  it('refuses another format by name', () => {
    expect(checkFile({ name: 'animazione.gif', type: 'image/gif', size: 40 }, bytes('GIF89a'))).toEqual({ error: v.wrongType('animazione.gif') });
  });
  it('refuses a 30 MB image with its size', () => {
    const result = checkFile({ name: 'grande.jpg', type: 'image/jpeg', size: 30 * 1024 * 1024 }, JPEG);
    expect(result).toEqual({ error: v.tooBig('grande.jpg', '30') });
    expect('error' in result && result.error).toBe('La foto "grande.jpg" pesa 30 MB: il massimo è 10 MB.');
  });
  it('refuses an empty file', () => {
    expect(checkFile({ name: 'vuoto.jpg', type: 'image/jpeg', size: 0 }, new Uint8Array())).toEqual({ error: v.empty('vuoto.jpg') });
  });
});

describe('fitCount', () => {
  it('takes what fits and says the limit when more were chosen', () => {
    expect(fitCount(0, 3, 5)).toEqual({ take: 3, error: null });
    expect(fitCount(4, 2, 5)).toEqual({ take: 1, error: v.tooMany(5) });
    expect(fitCount(5, 1, 5)).toEqual({ take: 0, error: 'Puoi caricare al massimo 5 foto per annuncio.' });
  });
});

describe('crop geometry', () => {
  it('keeps the area inside the picture and exactly 4:5 in whole pixels', () => {
    const rect = cropRect({ x: 10.4, y: -0.3, width: 801.7, height: 1002.1 }, { width: 1200, height: 1000 })!;
    expect(rect.width / rect.height).toBe(0.8);
    expect(Number.isInteger(rect.width) && Number.isInteger(rect.height)).toBe(true);
    expect(rect.y).toBe(0);
    expect(rect.y + rect.height).toBeLessThanOrEqual(1000);
    expect(rect.x + rect.width).toBeLessThanOrEqual(1200);
  });
  it('moves an area that overruns the right edge back inside', () => {
    const rect = cropRect({ x: 900, y: 0, width: 400, height: 500 }, { width: 1000, height: 600 })!;
    expect(rect).toEqual({ x: 600, y: 0, width: 400, height: 500 });
  });
  it('has no area without a selection or an empty one', () => {
    expect(cropRect(null, { width: 100, height: 100 })).toBeNull();
    expect(cropRect({ x: 0, y: 0, width: 0, height: 0 }, { width: 100, height: 100 })).toBeNull();
  });
  it('stores at most 1600 x 2000 px, 4:5', () => {
    expect(outputSize({ width: 3024, height: 3780 })).toEqual({ width: 1600, height: 2000 });
    expect(outputSize({ width: 800, height: 1000 })).toEqual({ width: 800, height: 1000 });
    // The upload function refuses a larger crop from its header (issue 41): the two must agree.
    expect(outputSize({ width: 12000, height: 15000 })).toEqual({ width: CROP_MAX_WIDTH, height: CROP_MAX_HEIGHT });
  });
});

describe('avifSizes (issue 44)', () => {
  it('names a file per AVIF width, each the crop scaled to that width, 4:5', () => {
    expect(avifSizes(1600, 2000)).toEqual([
      { name: 360, width: 360, height: 450 },
      { name: 540, width: 540, height: 675 },
      { name: 720, width: 720, height: 900 },
    ]);
    expect(avifSizes(720, 900)).toEqual([
      { name: 360, width: 360, height: 450 },
      { name: 540, width: 540, height: 675 },
      { name: 720, width: 720, height: 900 },
    ]);
  });
  it('never enlarges: a narrower crop is sent at its own size under the wider names', () => {
    expect(avifSizes(400, 500)).toEqual([
      { name: 360, width: 360, height: 450 },
      { name: 540, width: 400, height: 500 },
      { name: 720, width: 400, height: 500 },
    ]);
    expect(avifSizes(100, 125).map((s) => [s.width, s.height])).toEqual([
      [100, 125],
      [100, 125],
      [100, 125],
    ]);
  });
  it('rounds the height of a crop that is not exactly 4:5', () => {
    // 1000 x 1251: 360 -> 450.36, 540 -> 675.54, 720 -> 900.72
    expect(avifSizes(1000, 1251).map((s) => s.height)).toEqual([450, 676, 901]);
  });
  it('has none for a crop without pixels', () => {
    expect(avifSizes(0, 0)).toEqual([]);
    expect(avifSizes(360, 0)).toEqual([]);
    expect(avifSizes(Number.NaN, 450)).toEqual([]);
  });
});

describe('uploadReview (issue 40)', () => {
  it("'duplicate' when a photo matched another account's and the listing waits for staff", () => {
    expect(uploadReview([{ review_status: 'approved', distance: null }, { review_status: 'pending', distance: 4 }])).toBe('duplicate');
    expect(uploadReview([{ review_status: 'pending', distance: 0 }])).toBe('duplicate');
  });
  it("'held' when the listing waits for another reason", () => {
    expect(uploadReview([{ review_status: 'pending', distance: null }])).toBe('held');
    expect(uploadReview([{ review_status: 'pending' }])).toBe('held');
  });
  it("'ok' when the listing is not waiting (a match that held nothing says nothing), or no answer was readable", () => {
    expect(uploadReview([{ review_status: 'approved', distance: 3 }])).toBe('ok');
    expect(uploadReview([{ review_status: 'rejected', distance: null }])).toBe('ok');
    expect(uploadReview([{}])).toBe('ok');
    expect(uploadReview([])).toBe('ok');
  });
});
