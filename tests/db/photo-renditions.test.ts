/**
 * Photos at scale (issue 44): listing-photo stores, beside each crop, its renditions (WebP at
 * each RENDITION_WIDTHS, one JPEG at FALLBACK_WIDTH) under names made of the crop's bytes, in
 * the crop's bucket, served for a year, and a ThumbHash placeholder in the row. Each is the
 * crop (pHash within 2 bits), never enlarged, without metadata. photo-avif takes the AVIF ones
 * at each AVIF_WIDTHS from the owner's browser once they match the crop, and sets the row's
 * `avif` (0514). A re-crop or a deletion takes
 * them away (storage-cleanup), the daily sweep leaves them, and they move with the crop when the
 * listing's review changes.
 */
import sharp, { type Sharp } from 'sharp';
import { thumbHashToRGBA } from 'thumbhash';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client } from '../support/clients.ts';
import { admin, expectOk } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';
import { avifStructure } from '../support/avif.ts';
import { plainImage } from '../support/images.ts';
import { expectRemoved, stored } from '../support/photos.ts';
import { describeOnRuntimes, runtimeHeaders, type FunctionRuntime } from '../support/function-runtimes.ts';
import { jpegMetadata, webpChunks } from '../../supabase/functions/_shared/image/index.ts';
import { makeAvifRenditions } from '../../supabase/functions/_shared/image/make-renditions.ts';
import { segments } from '../../supabase/functions/_shared/image/jpeg.ts';
import { hammingDistance, photoHashesRgba } from '../../supabase/functions/_shared/image/phash.ts';
import { AVIF_SUFFIXES, AVIF_WIDTHS, FALLBACK_WIDTH, RENDITION_KEY_LENGTH, RENDITION_SUFFIXES, RENDITION_WIDTHS } from '../../supabase/functions/_shared/image/renditions.ts';

const HELD = 'listing_photos_held';

let runtime: FunctionRuntime = 'node';
let owner: TestUser;

beforeAll(async () => {
  owner = await makeUser();
});

interface Photo {
  id: string;
  storage_path: string;
  renditions: string;
  placeholder: string;
}

/**
 * A crop `width` x 5/4 as the app sends it, of a picture made for this call: coloured blobs at
 * random, blurred like a photo. Never one another account stored before (a copy would hold
 * the listing, and move its files to the held bucket, issue 40), whatever ran on this database.
 */
async function crop(width: number): Promise<Uint8Array> {
  const [w, h] = [width, (width * 5) / 4];
  const rnd = (n: number) => Math.floor(Math.random() * n);
  const blobs = Array.from({ length: 12 }, () => `<ellipse cx="${rnd(w)}" cy="${rnd(h)}" rx="${w / 10 + rnd(w / 3)}" ry="${h / 10 + rnd(h / 3)}" fill="rgb(${rnd(255)},${rnd(255)},${rnd(255)})"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="100%" height="100%" fill="rgb(${rnd(255)},90,120)"/>${blobs.join('')}</svg>`;
  return new Uint8Array(await sharp(Buffer.from(svg)).blur(2).jpeg({ quality: 92 }).toBuffer());
}

const file = (bytes: Uint8Array) => new File([bytes as BlobPart], 'foto.jpg', { type: 'image/jpeg' });

/** Posts a new photo (or, with `photoId`, a re-crop) to listing-photo as `u`; the stored photo. */
async function upload(u: { client: SupabaseClient }, listingId: string, bytes: Uint8Array, photoId?: string): Promise<Photo> {
  const body = new FormData();
  body.append('listingId', listingId);
  body.append('photo', file(bytes));
  if (photoId) body.append('photoId', photoId);
  else body.append('original', file(await plainImage('jpeg')));
  const res = await u.client.functions.invoke('listing-photo', { body, headers: runtimeHeaders(runtime) });
  expect(res.error, res.error && (await res.response?.text())).toBeNull();
  return (res.data as { photo: Photo }).photo;
}

/** Every file of a photo's renditions, the AVIF ones last. */
const renditionFiles = (prefix: string) => [...RENDITION_SUFFIXES, ...AVIF_SUFFIXES].map((s) => `${prefix}${s}`);

/** The AVIF renditions of a stored crop as the owner's browser encodes them (the same libavif). */
async function browserAvif(crop: Uint8Array): Promise<{ width: number; bytes: Uint8Array }[]> {
  return (await makeAvifRenditions(crop)).map((f, i) => ({ width: AVIF_WIDTHS[i]!, bytes: f.bytes }));
}

/** Posts AVIF files to photo-avif as `u` for photo `photoId`: `files` by form field (avif-360 ...). */
async function postAvif(u: { client: SupabaseClient }, photoId: string, files: { field: string; bytes: Uint8Array }[]) {
  const body = new FormData();
  body.append('photoId', photoId);
  for (const f of files) body.append(f.field, new File([f.bytes as BlobPart], 'foto.avif', { type: 'image/avif' }));
  const res = await u.client.functions.invoke('photo-avif', { body, headers: runtimeHeaders(runtime) });
  return { status: res.response?.status ?? 0, body: res.error ? await res.response?.json() : res.data };
}

/** The owner's browser after an upload: the AVIF renditions of the stored crop, through photo-avif; stored. */
async function sendAvif(u: { client: SupabaseClient }, photo: Photo, bucket = 'listing_photos'): Promise<void> {
  const files = (await browserAvif(await download(bucket, photo.storage_path))).map((f) => ({ field: `avif-${f.width}`, bytes: f.bytes }));
  expect(await postAvif(u, photo.id, files)).toEqual({ status: 200, body: { avif: true } });
}

async function download(bucket: string, path: string): Promise<Uint8Array> {
  const { data, error } = await admin().storage.from(bucket).download(path);
  expect(error, path).toBeNull();
  return new Uint8Array(await data!.arrayBuffer());
}

/** The bucket a file is in now, waiting for storage-cleanup's moves; fails after `ms`. */
async function expectIn(bucket: string, paths: string[], ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  const where = async () => Promise.all(paths.map(async (p) => ((await stored(bucket, p)) ? bucket : 'elsewhere')));
  while ((await where()).some((b) => b !== bucket) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(await where()).toEqual(paths.map(() => bucket));
}

describeOnRuntimes('every upload has its renditions and a placeholder', (r) => (runtime = r), () => {
  it('each rendition is the crop, at its width, without metadata, and served immutable for a year', async () => {
    const listingId = (await makeListing(owner)).id;
    const bytes = await crop(1200);
    const photo = await upload(owner, listingId, bytes);
    const row = expectOk(await admin().from('listing_photos').select('renditions, placeholder').eq('id', photo.id).single()) as { renditions: string; placeholder: string };
    const stripped = await download('listing_photos', photo.storage_path);
    const key = Buffer.from(await crypto.subtle.digest('SHA-256', Buffer.from(stripped))).toString('hex').slice(0, RENDITION_KEY_LENGTH);
    expect(row).toEqual({ renditions: `${owner.id}/${listingId}/${key}`, placeholder: expect.stringMatching(/^[A-Za-z0-9+/]+={0,2}$/) });
    expect(photo).toMatchObject(row);
    // The placeholder draws the crop's shape.
    const thumb = thumbHashToRGBA(Buffer.from(row.placeholder, 'base64'));
    expect(thumb.w / thumb.h).toBeCloseTo(4 / 5, 1);

    // Both sides decoded in full by the same decoder: the 1/8 decode of the stored hashes moves 0-2 bits of its own (0511).
    const hashOf = async (image: Uint8Array) => {
      const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      return photoHashesRgba(info.width, info.height, new Uint8Array(data))!.crop;
    };
    const cropHash = await hashOf(stripped);
    const widths = [...RENDITION_WIDTHS, FALLBACK_WIDTH, ...AVIF_WIDTHS];
    await sendAvif(owner, photo);
    expect(expectOk(await admin().from('listing_photos').select('avif').eq('id', photo.id).single())).toEqual({ avif: true });
    for (const [i, name] of renditionFiles(row.renditions).entries()) {
      const served = await fetch(client().storage.from('listing_photos').getPublicUrl(name).data.publicUrl);
      expect(served.status, name).toBe(200);
      const directives = (served.headers.get('cache-control') ?? '').split(',').map((d) => d.trim()).sort();
      expect(directives, name).toEqual(['immutable', 'max-age=31536000', 'public']);
      const format = name.slice(name.lastIndexOf('.') + 1);
      expect(served.headers.get('content-type')).toBe({ webp: 'image/webp', jpg: 'image/jpeg', avif: 'image/avif' }[format]);
      const data = new Uint8Array(await served.arrayBuffer());

      const meta = await sharp(data).metadata();
      // sharp names an AVIF file's container: HEIF, with AV1 inside.
      const [container, compression] = format === 'avif' ? ['heif', 'av1'] : [format === 'jpg' ? 'jpeg' : format, undefined];
      expect({ name, format: meta.format, compression: meta.compression, width: meta.width, height: meta.height }).toEqual({ name, format: container, compression, width: widths[i], height: (widths[i]! * 5) / 4 });
      expect({ name, exif: meta.exif, icc: meta.icc, xmp: meta.xmp }).toEqual({ name, exif: undefined, icc: undefined, xmp: undefined });
      if (format === 'webp') expect(webpChunks(data), name).toEqual(['VP8 ']);
      else if (format === 'avif') expect(avifStructure(data), name).toEqual({ boxes: ['ftyp', 'meta', 'mdat'], items: ['av01'] });
      else {
        expect(jpegMetadata(data)).toEqual({ exif: false, gps: false, xmp: false, comment: false });
        // APP0 (JFIF) alone among the application segments: no ICC profile (APP2) or any other.
        expect([...segments(data)].map((s) => s.id).filter((id) => id >= 0xe0 && id <= 0xef), name).toEqual([0xe0]);
      }
      const distance = hammingDistance(cropHash, await hashOf(data));
      expect({ name, distance: distance <= 2 }).toEqual({ name, distance: true });
    }
  });
});

describeOnRuntimes('photo-avif takes the AVIF renditions from the owner\'s browser only when they are the crop', (r) => (runtime = r), () => {
  let photo: Photo;
  let genuine: { field: string; bytes: Uint8Array }[];

  beforeAll(async () => {
    photo = await upload(owner, (await makeListing(owner)).id, await crop(800));
    genuine = (await browserAvif(await download('listing_photos', photo.storage_path))).map((f) => ({ field: `avif-${f.width}`, bytes: f.bytes }));
  });

  /** Nothing stored and the row still without them. */
  async function expectNothingStored() {
    for (const s of AVIF_SUFFIXES) expect(await stored('listing_photos', `${photo.renditions}${s}`), s).toBe(false);
    expect(expectOk(await admin().from('listing_photos').select('avif').eq('id', photo.id).single())).toEqual({ avif: false });
  }

  /** The genuine set with the file of `width` replaced by `bytes`. */
  const withFile = (width: number, bytes: Uint8Array) => genuine.map((f) => (f.field === `avif-${width}` ? { ...f, bytes } : f));

  /** The genuine 720 px picture changed by `edit` (sharp), encoded again as the browser would. */
  async function edited(edit: (img: Sharp, w: number, h: number) => Sharp): Promise<Uint8Array> {
    const crop720 = await sharp(await download('listing_photos', photo.storage_path)).resize(720).png().toBuffer();
    const { data, info } = await sharp(await edit(sharp(crop720), 720, 900).png().toBuffer()).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const jpeg = await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).jpeg({ quality: 95 }).toBuffer();
    return (await makeAvifRenditions(new Uint8Array(jpeg))).at(-1)!.bytes;
  }

  it('refuses a phone number written on the picture, a mirrored picture, a wrong size and a JPEG, storing none', async () => {
    const text = await edited((img, w, h) => img.composite([{ input: Buffer.from(`<svg width="${w}" height="${h}"><text x="60" y="450" font-size="40" fill="white" stroke="black">333 1234567</text></svg>`) }]));
    const mirrored = await edited((img) => img.flop());
    const jpeg = new Uint8Array(await sharp(await download('listing_photos', photo.storage_path)).resize(720).jpeg().toBuffer());
    for (const [what, files] of [
      ['text', withFile(720, text)],
      ['mirrored', withFile(720, mirrored)],
      ['the 540 px file as the 720', withFile(720, genuine[1]!.bytes)],
      ['a JPEG', withFile(720, jpeg)],
    ] as const) expect({ what, ...(await postAvif(owner, photo.id, files)) }).toEqual({ what, status: 422, body: { error: 'Le versioni AVIF non corrispondono alla foto.' } });
    await expectNothingStored();
  });

  it('refuses an AVIF carrying EXIF or an ICC profile, a missing width, a file over its cap, and someone else', async () => {
    const raw = await sharp(await download('listing_photos', photo.storage_path)).resize(720).toBuffer();
    const exif = new Uint8Array(await sharp(raw).withExif({ IFD0: { Artist: 'Mario Rossi' } }).avif({ quality: 50 }).toBuffer());
    const icc = new Uint8Array(await sharp(raw).withIccProfile('p3').avif({ quality: 50 }).toBuffer());
    for (const [what, bytes] of [['exif', exif], ['icc', icc]] as const)
      expect({ what, ...(await postAvif(owner, photo.id, withFile(720, bytes))) }).toEqual({ what, status: 422, body: { error: 'Le versioni AVIF non corrispondono alla foto.' } });
    expect(await postAvif(owner, photo.id, genuine.slice(0, 2))).toEqual({ status: 400, body: { error: 'Richiesta non valida.' } });
    expect(await postAvif(owner, photo.id, withFile(720, new Uint8Array(301 * 1024)))).toEqual({ status: 400, body: { error: 'Richiesta non valida.' } });
    const stranger = await makeUser();
    expect(await postAvif(stranger, photo.id, genuine)).toEqual({ status: 403, body: { error: 'Puoi caricare foto solo nei tuoi annunci.' } });
    expect(await postAvif(owner, crypto.randomUUID(), genuine)).toEqual({ status: 404, body: { error: 'Foto non trovata.' } });
    await expectNothingStored();
  });

  it('stores the genuine ones for a year and sets the row; sent again, they change nothing', async () => {
    expect(await postAvif(owner, photo.id, genuine)).toEqual({ status: 200, body: { avif: true } });
    for (const f of genuine) {
      const name = `${photo.renditions}-${f.field.slice(5)}.avif`;
      const served = await fetch(client().storage.from('listing_photos').getPublicUrl(name).data.publicUrl);
      expect(served.headers.get('content-type'), name).toBe('image/avif');
      expect(served.headers.get('cache-control'), name).toBe('max-age=31536000, public, immutable');
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(f.bytes);
    }
    expect(await postAvif(owner, photo.id, withFile(720, genuine[0]!.bytes))).toEqual({ status: 200, body: { avif: true } });
    expect(new Uint8Array(await download('listing_photos', `${photo.renditions}-720.avif`))).toEqual(genuine[2]!.bytes);
  });
});

describe('renditions are never enlarged', () => {
  it('a crop narrower than a width is stored at its own width under that name', async () => {
    const listingId = (await makeListing(owner)).id;
    const photo = await upload(owner, listingId, await crop(400));
    await sendAvif(owner, photo);
    for (const [i, name] of renditionFiles(photo.renditions).entries()) {
      const meta = await sharp(await download('listing_photos', name)).metadata();
      const width = Math.min([...RENDITION_WIDTHS, FALLBACK_WIDTH, ...AVIF_WIDTHS][i]!, 400);
      expect({ name, width: meta.width, height: meta.height }).toEqual({ name, width, height: (width * 5) / 4 });
    }
  });
});

describe('renditions live and die with their crop', () => {
  it('a re-crop replaces them, and the old files are deleted', async () => {
    const listingId = (await makeListing(owner)).id;
    const first = await upload(owner, listingId, await crop(600));
    await sendAvif(owner, first);
    const again = await upload(owner, listingId, await crop(600), first.id);
    expect(again.renditions).not.toBe(first.renditions);
    // The new crop's renditions have no AVIF ones until the browser sends them.
    expect(expectOk(await admin().from('listing_photos').select('renditions, placeholder, avif').eq('id', first.id).single())).toEqual({
      renditions: again.renditions,
      placeholder: again.placeholder,
      avif: false,
    });
    await expectRemoved(renditionFiles(first.renditions).map((p) => ['listing_photos', p]));
    await sendAvif(owner, { ...first, ...again });
    for (const p of renditionFiles(again.renditions)) expect(await stored('listing_photos', p), p).toBe(true);
  });

  it('deleting the photo deletes every rendition; the daily sweep leaves the files a row names', async () => {
    const listingId = (await makeListing(owner)).id;
    const [gone, kept] = [await upload(owner, listingId, await crop(400)), await upload(owner, listingId, await crop(400))];
    await Promise.all([sendAvif(owner, gone), sendAvif(owner, kept)]);
    // A day later, every file is old enough to be swept were no row naming it.
    expectOk(await admin().rpc('queue_orphan_storage_files', { p_now: new Date(Date.now() + 86_400_000 + 60_000).toISOString() }));
    expectOk(await owner.client.from('listing_photos').delete().eq('id', gone.id));
    await expectRemoved(renditionFiles(gone.renditions).map((p) => ['listing_photos', p]));
    for (const p of [kept.storage_path, ...renditionFiles(kept.renditions)]) expect(await stored('listing_photos', p), p).toBe(true);
  });

  it("a held listing's renditions are in the held bucket and move with the crop on approval", async () => {
    const staff = await makeUser({ role: 'supporto' });
    const newcomer = await makeUser();
    const l = await makeListing(newcomer, {}, true, false);
    expect(l.review_status).toBe('pending');
    const photo = await upload(newcomer, l.id, await crop(400));
    await sendAvif(newcomer, photo, HELD);
    const files = [photo.storage_path, ...renditionFiles(photo.renditions)];
    await expectIn(HELD, files);
    for (const p of files) expect(await stored('listing_photos', p), p).toBe(false);
    expectOk(await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: true }));
    await expectIn('listing_photos', files);
    for (const p of files) expect(await stored(HELD, p), p).toBe(false);
    const served = await fetch(client().storage.from('listing_photos').getPublicUrl(`${photo.renditions}-360.webp`).data.publicUrl);
    expect(served.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('renditions given later (the backfill) in the public bucket of a listing held meanwhile are moved to the held one', async () => {
    const newcomer = await makeUser();
    const l = await makeListing(newcomer, {}, true, false);
    const photo = await upload(newcomer, l.id, await crop(400));
    await expectIn(HELD, [photo.storage_path]);
    expectOk(await admin().from('listing_photos').update({ renditions: null }).eq('id', photo.id));
    // Made for a listing the backfill read as approved: stored public, then written to the row.
    const prefix = `${newcomer.id}/${l.id}/${'0'.repeat(RENDITION_KEY_LENGTH)}`;
    const bytes = await plainImage('webp');
    for (const p of renditionFiles(prefix)) expectOk(await admin().storage.from('listing_photos').upload(p, bytes, { contentType: 'image/webp' }));
    expectOk(await admin().from('listing_photos').update({ renditions: prefix }).eq('id', photo.id));
    await expectIn(HELD, renditionFiles(prefix));
  });
});
