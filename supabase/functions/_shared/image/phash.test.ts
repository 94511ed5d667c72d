import jpeg from 'jpeg-js';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { copies, sources, thiefCopies } from '../../../../tests/support/phash-set.ts';
import { flatLumaJpeg, plainImage } from '../../../../tests/support/images.ts';
import { renderPhoto } from '../../../seed/photos.ts';
import { ImageError } from './bytes.ts';
import {
  copyDistance,
  DUPLICATE_MAX_DISTANCE,
  greyFromRgba,
  hammingDistance,
  hashPlane,
  hashScale,
  phashGrey,
  phashJpeg,
  photoHashesJpeg,
  photoHashesRgba,
  type PhotoHashes,
  shrink,
} from './phash.ts';

let set: Uint8Array[];
let hashes: string[];

beforeAll(async () => {
  set = await sources(6);
  hashes = set.map((b) => phashJpeg(b)!);
}, 120_000);

describe('phashJpeg', () => {
  it('is 16 hex digits with 32 bits set (the median splits the 64 coefficients), the same for the same bytes', () => {
    for (const h of hashes) {
      expect(h).toMatch(/^[0-9a-f]{16}$/);
      expect(hammingDistance(h, '0000000000000000')).toBe(32);
    }
    expect(phashJpeg(set[0]!)).toBe(hashes[0]);
  });

  it('finds every resized, re-compressed, progressive, brighter or 2%-cropped copy within the threshold', async () => {
    for (const [i, source] of set.entries()) {
      for (const v of await copies(source)) {
        if (v.name === 'cropped 4%' || v.name.startsWith('cropped 3%')) continue; // beyond "slightly": measured in docs/decisions/0606-duplicate-threshold-and-variants.md
        expect({ source: i, copy: v.name, within: hammingDistance(hashes[i]!, phashJpeg(v.bytes)!) <= DUPLICATE_MAX_DISTANCE })
          .toEqual({ source: i, copy: v.name, within: true });
      }
    }
  }, 120_000);

  it("catches every thief's edit (5-10 % crops, mirror, borders, caption bands, recolours, rotations) through the variant pairs", async () => {
    for (const [i, source] of set.entries()) {
      const stored = photoHashesJpeg(source)!;
      for (const v of await thiefCopies(source)) {
        const d = copyDistance(photoHashesJpeg(v.bytes)!, stored);
        expect({ source: i, copy: v.name, within: d <= DUPLICATE_MAX_DISTANCE }).toEqual({ source: i, copy: v.name, within: true });
      }
    }
  }, 120_000);

  it('the mirror hash taken from the DCT is the hash of the flipped picture', async () => {
    const flipped = new Uint8Array(await sharp(set[0]).flop().jpeg({ quality: 95 }).toBuffer());
    expect(hammingDistance(photoHashesJpeg(set[0]!)!.mirror, phashJpeg(flipped)!)).toBeLessThanOrEqual(2);
  });

  it('keeps different pictures apart, by every variant pair too', () => {
    const all = set.map((b) => photoHashesJpeg(b)!);
    for (let i = 0; i < all.length; i++)
      for (let j = 0; j < all.length; j++) if (i !== j) expect(copyDistance(all[i]!, all[j]!)).toBeGreaterThan(DUPLICATE_MAX_DISTANCE);
  });

  it('hashes a colour channel when the grey levels are flat (same brightness, different colours)', async () => {
    const img = await flatLumaJpeg(1);
    const width = 200;
    const rgba = new Uint8Array(await sharp(img).ensureAlpha().raw().toBuffer());
    const luma = greyFromRgba(width, 250, rgba);
    expect(phashGrey(luma)).toBeNull(); // the grey levels alone: nothing
    expect(hashPlane(width, 250, rgba)).not.toBeNull();
    const h = phashJpeg(img)!;
    expect(h).toMatch(/^[0-9a-f]{16}$/);
    expect(hammingDistance(h, phashJpeg(new Uint8Array(await sharp(img).resize(120).jpeg({ quality: 70 }).toBuffer()))!)).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);
    expect(hammingDistance(h, phashJpeg(await flatLumaJpeg(2))!)).toBeGreaterThan(DUPLICATE_MAX_DISTANCE);
  });

  it('keeps different pictures apart', () => {
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++) expect(hammingDistance(hashes[i]!, hashes[j]!)).toBeGreaterThan(DUPLICATE_MAX_DISTANCE);
  });

  it('reads the pixels a progressive JPEG holds as a baseline one does', async () => {
    const raw = await sharp(set[1]).raw().toBuffer();
    const meta = await sharp(set[1]).metadata();
    const again = (progressive: boolean) =>
      sharp(raw, { raw: { width: meta.width, height: meta.height, channels: 3 } }).jpeg({ quality: 95, progressive }).toBuffer();
    expect(hammingDistance(phashJpeg(await again(true))!, phashJpeg(await again(false))!)).toBeLessThanOrEqual(2);
  });

  it('gives no hash to a flat picture (every one would match every other)', async () => {
    expect(phashJpeg(await plainImage('jpeg'))).toBeNull();
    expect(phashJpeg(await plainImage('jpeg', 400, 500))).toBeNull();
  });

  it('refuses bytes that do not decode as an ImageError', () => {
    const truncated = set[0]!.subarray(0, 600);
    expect(() => phashJpeg(truncated)).toThrow(ImageError);
  });
});

describe('hashing from a reduced decode (issue 41)', () => {
  /** The largest difference between two photos' hashes, variant by variant. */
  const farthest = (a: PhotoHashes, b: PhotoHashes) => Math.max(...(Object.keys(a) as (keyof PhotoHashes)[]).map((v) => hammingDistance(a[v], b[v])));

  it('decodes at the largest DCT scale that leaves 128 pixels on the shorter side', () => {
    expect(hashScale(1600, 2000)).toBe(8);
    expect(hashScale(1024, 1280)).toBe(8);
    expect(hashScale(1020, 1275)).toBe(4);
    expect(hashScale(800, 1000)).toBe(4);
    expect(hashScale(300, 375)).toBe(2);
    expect(hashScale(240, 300)).toBe(1);
  });

  it('stays within 2 bits of the full decode for the demo photos and the test set, at every scale', async () => {
    const pictures: { name: string; bytes: Uint8Array }[] = [];
    for (const [i, listingId] of ['b0000000-0000-4000-8000-000000000003', 'b0000000-0000-4000-8000-000000000017', 'b0000000-0000-4000-8000-000000000042'].entries()) {
      const { original, cropped } = await renderPhoto({ listingId, index: i, city: ['Roma', 'Milano', 'Torino'][i]! });
      pictures.push({ name: `demo crop ${i}`, bytes: new Uint8Array(cropped) }, { name: `demo original ${i}`, bytes: new Uint8Array(original) });
    }
    for (const [i, source] of set.entries()) {
      pictures.push({ name: `source ${i}`, bytes: source });
      // The app's largest crop, and the smallest decoded at 1/8.
      for (const width of [1600, 1024]) pictures.push({ name: `source ${i} at ${width}`, bytes: new Uint8Array(await sharp(source).resize(width).jpeg({ quality: 95 }).toBuffer()) });
      for (const v of (await copies(source)).slice(0, 3)) pictures.push({ name: `source ${i} ${v.name}`, bytes: v.bytes });
    }
    const scales = new Set<number>();
    for (const { name, bytes } of pictures) {
      const meta = await sharp(bytes).metadata();
      scales.add(hashScale(meta.width, meta.height));
      expect({ name, within: farthest(photoHashesJpeg(bytes)!, photoHashesJpeg(bytes, 1)!) <= 2 }).toEqual({ name, within: true });
    }
    expect([...scales].sort()).toEqual([1, 2, 4, 8]);
  }, 120_000);

  it('still finds copies of photos hashed before, from a full jpeg-js decode', async () => {
    const before = (b: Uint8Array) => {
      const d = jpeg.decode(b, { useTArray: true, formatAsRGBA: true });
      return photoHashesRgba(d.width, d.height, d.data)!;
    };
    for (const [i, source] of set.entries()) {
      const stored = before(source);
      const all = [...(await copies(source)), ...(await thiefCopies(source))].filter((v) => v.name !== 'cropped 4%' && !v.name.startsWith('cropped 3%'));
      for (const v of all) expect({ source: i, copy: v.name, within: copyDistance(photoHashesJpeg(v.bytes)!, stored) <= DUPLICATE_MAX_DISTANCE }).toEqual({ source: i, copy: v.name, within: true });
    }
  }, 120_000);
});

describe('the parts', () => {
  it('shrink averages areas: a 64x64 left-dark right-light image gives 32 columns of 0 then 255', () => {
    const w = 64;
    const rgba = new Uint8Array(w * w * 4);
    for (let y = 0; y < w; y++) for (let x = 0; x < w; x++) rgba.fill(x < w / 2 ? 0 : 255, (y * w + x) * 4, (y * w + x) * 4 + 3);
    const grey = greyFromRgba(w, w, rgba);
    const block = shrink(grey);
    expect([block[0], block[15], block[16], block[31]].map((v) => Math.round(v ?? Number.NaN))).toEqual([0, 0, 255, 255]);
    // Its hash: the horizontal frequencies of row 0 carry the edge.
    expect(phashGrey(grey)).toMatch(/^[0-9a-f]{16}$/);
  });

  it('hammingDistance counts the differing bits', () => {
    expect(hammingDistance('ffffffffffffffff', '0000000000000000')).toBe(64);
    expect(hammingDistance('8000000000000001', '0000000000000000')).toBe(2);
    expect(hammingDistance('0123456789abcdef', '0123456789abcdef')).toBe(0);
  });
});
