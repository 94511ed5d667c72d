/**
 * The one upload path, the listing-photo Edge Function (issue 22, findings 3, 4, 5, 6 on
 * upload, 8): it stores a photo only for the listing's owner, below the cap, when its bytes
 * are a whole JPEG, PNG or WebP of at most 10 MB and 40 megapixels (the crop at most 1600 x 2000
 * pixels, issue 41: it is decoded to be hashed), without any metadata or
 * trailing bytes, under random names; clients cannot write the buckets themselves. And its
 * queue worker, storage-cleanup.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client, platformInfo } from '../support/clients.ts';
import { admin } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';
import { CAMERA_TEXT, gpsJpeg, latin1, plainImage, withDeclaredSize, withTail } from '../support/images.ts';
import { sources } from '../support/phash-set.ts';
import { expectRemoved, stored } from '../support/photos.ts';
import { describeOnRuntimes, runtimeHeaders, type FunctionRuntime } from '../support/function-runtimes.ts';
import { jpegMetadata, jpegOrientation, stripJpeg } from '../../supabase/functions/_shared/image/index.ts';
import { photoHashesJpeg } from '../../supabase/functions/_shared/image/phash.ts';
import { RENDITION_SUFFIXES } from '../../supabase/functions/_shared/image/renditions.ts';

const NOT_IMAGE = "Il file non è un'immagine JPEG, PNG o WebP.";
const BROKEN = "L'immagine è danneggiata o incompleta.";
const INVALID = 'Richiesta non valida.';

const jpegFile = (bytes: Uint8Array, name = 'foto.jpg', type = 'image/jpeg') => new File([bytes as BlobPart], name, { type });

/** Where listing-photo runs: the blocks of its own tests run on each runtime. */
let runtime: FunctionRuntime = 'node';

/** Posts a multipart form to listing-photo through supabase-js; the answer's status and JSON body. */
async function post(c: SupabaseClient, fields: Record<string, string | File>): Promise<{ status: number; body: any }> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  const res = await c.functions.invoke('listing-photo', { body, headers: runtimeHeaders(runtime) });
  const response = res.response!;
  return { status: response.status, body: res.error ? await response.json() : res.data };
}

/** A new photo of `listingId` made of a crop and an original. */
const upload = async (u: TestUser, listingId: string, crop?: File, original?: File) =>
  post(u.client, { listingId, photo: crop ?? jpegFile(await plainImage('jpeg')), original: original ?? jpegFile(await plainImage('jpeg')) });

/** Every file in the listing's folder of a bucket (read as service role). */
async function filesIn(bucket: string, ownerId: string, listingId: string): Promise<string[]> {
  const { data, error } = await admin().storage.from(bucket).list(`${ownerId}/${listingId}`);
  expect(error).toBeNull();
  return (data ?? []).map((o) => o.name);
}

async function download(bucket: string, path: string): Promise<Uint8Array> {
  const { data, error } = await admin().storage.from(bucket).download(path);
  expect(error).toBeNull();
  return new Uint8Array(await data!.arrayBuffer());
}

/** The names that pass `test`, and the others. */
const partition = (names: string[], test: (name: string) => boolean) => [names.filter(test), names.filter((n) => !test(n))];

const originalPath = async (photoId: string) =>
  (await admin().from('listing_photo_originals').select('storage_path').eq('photo_id', photoId).single()).data!.storage_path as string;

let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  [owner, other] = await Promise.all([makeUser(), makeUser()]);
});

describeOnRuntimes('listing-photo stores clean files (findings 3 and 8)', (r) => (runtime = r), () => {
  it('a JPEG carrying GPS, camera and author comes back without them, crop and original, under random names', async () => {
    const listingId = (await makeListing(owner)).id;
    const crop = await gpsJpeg({ width: 80, height: 100 });
    const original = await gpsJpeg({ width: 160, height: 120, orientation: 6 });
    expect(jpegMetadata(crop)).toMatchObject({ exif: true, gps: true, xmp: true });

    const res = await upload(owner, listingId, jpegFile(crop, 'mario-rossi-casa-gps.jpg'), jpegFile(original, 'mario-rossi-originale.jpg'));
    expect(res.status).toBe(201);
    const photo = res.body.photo;
    expect(Object.keys(photo).sort()).toEqual(['created_at', 'id', 'is_primary', 'placeholder', 'renditions', 'storage_path', 'url']);
    expect(photo.is_primary).toBe(true);
    const folder = `${owner.id}/${listingId}/`;
    const name = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.jpg$/;
    const originalKey = await originalPath(photo.id);
    for (const key of [photo.storage_path, originalKey]) {
      expect(key.startsWith(folder)).toBe(true);
      expect(key.slice(folder.length)).toMatch(name);
    }
    expect(photo.url).toBe(`${platformInfo().url}/storage/v1/object/public/listing_photos/${photo.storage_path}`);

    const storedCrop = await download('listing_photos', photo.storage_path);
    const storedOriginal = await download('listing_originals', originalKey);
    for (const bytes of [storedCrop, storedOriginal]) {
      expect(jpegMetadata(bytes)).toMatchObject({ gps: false, xmp: false, comment: false });
      expect(latin1(bytes)).not.toMatch(CAMERA_TEXT);
      expect((await sharp(bytes).metadata()).xmp).toBeUndefined();
    }
    expect((await sharp(storedCrop).metadata()).exif).toBeUndefined();
    // The original keeps only its rotation, so it still shows upright.
    expect(jpegOrientation(storedOriginal)).toBe(6);
    expect((await sharp(storedOriginal).metadata()).orientation).toBe(6);
    // Same pixels: cleaned, not re-encoded.
    expect(Buffer.compare(await sharp(storedCrop).raw().toBuffer(), await sharp(crop).raw().toBuffer())).toBe(0);

    const served = await fetch(photo.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(storedCrop);
  });

  it('stores a file by what its bytes are, whatever its name and label say', async () => {
    const listingId = (await makeListing(owner)).id;
    const png = await plainImage('png');
    const res = await upload(owner, listingId, jpegFile(await plainImage('jpeg')), jpegFile(png, 'scansione.jpg', 'image/jpeg'));
    expect(res.status).toBe(201);
    const key = await originalPath(res.body.photo.id);
    expect(key).toMatch(/\.png$/);
    const { data } = await admin().storage.from('listing_originals').list(`${owner.id}/${listingId}`);
    expect(data?.find((o) => key.endsWith(o.name))?.metadata?.mimetype).toBe('image/png');
    expect(await download('listing_originals', key)).toEqual(png);
  });

  it('takes a phone-sized photo (a body over the 1 MiB other functions accept)', async () => {
    const listingId = (await makeListing(owner)).id;
    const noise = Buffer.alloc(1200 * 1500 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const big = new Uint8Array(await sharp(noise, { raw: { width: 1200, height: 1500, channels: 3 } }).jpeg({ quality: 95 }).toBuffer());
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const res = await upload(owner, listingId, jpegFile(big), jpegFile(big));
    expect(res.status).toBe(201);
  });
});

describeOnRuntimes('only the function writes the photo buckets (finding 4)', (r) => (runtime = r), () => {
  it.each(['listing_photos', 'listing_originals'])('the owner uploading into their own listing folder of %s gets 403', async (bucket) => {
    const listingId = (await makeListing(owner)).id;
    const path = `${owner.id}/${listingId}/${crypto.randomUUID()}.jpg`;
    const { error } = await owner.client.storage.from(bucket).upload(path, await gpsJpeg(), { contentType: 'image/jpeg' });
    expect(error).toMatchObject({ statusCode: '403' });
    expect(await stored(bucket, path)).toBe(false);
  });

  it('refuses a sixth photo with the cap message, and stores nothing for it', async () => {
    const listingId = (await makeListing(owner)).id;
    for (let i = 0; i < 5; i++) expect((await upload(owner, listingId)).status).toBe(201);
    expect(await upload(owner, listingId)).toEqual({ status: 400, body: { error: 'Puoi caricare al massimo 5 foto per annuncio.' } });
    // Five crops, and one set of renditions (issue 44): the same crop five times has the same names
    // (the AVIF ones, photo-avif's, may still be on their way).
    const [crops, renditions] = partition(await filesIn('listing_photos', owner.id, listingId), (name) => /^[0-9a-f-]{36}\.jpg$/.test(name));
    expect(crops).toHaveLength(5);
    expect(renditions?.filter((name) => !name.endsWith('.avif'))).toHaveLength(RENDITION_SUFFIXES.length);
    expect(await filesIn('listing_originals', owner.id, listingId)).toHaveLength(5);
    expect((await admin().from('listing_photos').select('id').eq('listing_id', listingId)).data).toHaveLength(5);
  });

  it("refuses a banned user, someone else's listing, a missing listing and a visitor", async () => {
    const banned = client();
    const { data: signedIn } = await banned.auth.signInWithPassword({ email: 'bannato@incontri.local', password: 'Bannato123!' });
    const bannedUser = { client: banned, id: signedIn.user!.id, email: 'bannato@incontri.local' };
    const bannedListing = (await admin().from('listings').select('id').eq('user_id', bannedUser.id).limit(1).single()).data!.id as string;
    const before = await filesIn('listing_photos', bannedUser.id, bannedListing);
    expect(await upload(bannedUser, bannedListing)).toEqual({ status: 403, body: { error: 'Il tuo account è sospeso: non puoi caricare foto.' } });
    expect(await filesIn('listing_photos', bannedUser.id, bannedListing)).toEqual(before);

    const othersListing = (await makeListing(other)).id;
    expect(await upload(owner, othersListing)).toEqual({ status: 403, body: { error: 'Puoi caricare foto solo nei tuoi annunci.' } });
    expect(await upload(owner, crypto.randomUUID())).toEqual({ status: 404, body: { error: 'Annuncio non trovato.' } });
    const visitor = { client: client(), id: '', email: '' };
    expect(await upload(visitor, othersListing)).toEqual({ status: 401, body: { error: 'Devi accedere per caricare foto.' } });
    for (const bucket of ['listing_photos', 'listing_originals']) {
      expect(await filesIn(bucket, other.id, othersListing)).toEqual([]);
      expect(await filesIn(bucket, owner.id, othersListing)).toEqual([]);
    }
  });

  it('refuses a form without its fields', async () => {
    const listingId = (await makeListing(owner)).id;
    const photo = jpegFile(await plainImage('jpeg'));
    const refused = { status: 400, body: { error: INVALID } };
    expect(await post(owner.client, { listingId, photo })).toEqual(refused);
    expect(await post(owner.client, { listingId: 'annuncio', photo, original: photo })).toEqual(refused);
    expect(await post(owner.client, { listingId, photo: 'foto', original: photo })).toEqual(refused);
    expect(await filesIn('listing_photos', owner.id, listingId)).toEqual([]);
  });
});

describeOnRuntimes('the bytes are checked, not the label (findings 5 and 6)', (r) => (runtime = r), () => {
  let listingId: string;
  beforeAll(async () => {
    listingId = (await makeListing(owner)).id;
  });

  it('refuses HTML and SVG labelled JPEG, and a broken JPEG, storing nothing', async () => {
    const html = new TextEncoder().encode('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
    const jpeg = await plainImage('jpeg');
    expect(await upload(owner, listingId, jpegFile(html, 'foto.jpg'))).toEqual({ status: 400, body: { error: NOT_IMAGE } });
    expect(await upload(owner, listingId, jpegFile(jpeg), jpegFile(svg, 'foto.jpg'))).toEqual({ status: 400, body: { error: NOT_IMAGE } });
    expect(await upload(owner, listingId, jpegFile(jpeg.subarray(0, jpeg.length / 2)))).toEqual({ status: 400, body: { error: BROKEN } });
    expect(await filesIn('listing_photos', owner.id, listingId)).toEqual([]);
    expect(await filesIn('listing_originals', owner.id, listingId)).toEqual([]);
  });

  it('stores a JPEG with a script after its end marker without the script', async () => {
    const jpeg = await gpsJpeg();
    const res = await upload(owner, listingId, jpegFile(withTail(jpeg, '<script>alert(document.cookie)</script>')));
    expect(res.status).toBe(201);
    const bytes = await download('listing_photos', res.body.photo.storage_path);
    expect(latin1(bytes)).not.toContain('<script>');
    expect(bytes).toEqual(stripJpeg(jpeg));
    await admin().from('listing_photos').delete().eq('id', res.body.photo.id);
  });

  it('refuses a 12000 x 12000 PNG as over 40 megapixels, and a file over 10 MB', async () => {
    const huge = new Uint8Array(await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#202020' } }).png().toBuffer());
    expect(huge.length).toBeLessThan(1024 * 1024);
    const pixels = { status: 400, body: { error: 'La foto è troppo grande: al massimo 40 megapixel.' } };
    expect(await upload(owner, listingId, jpegFile(await plainImage('jpeg')), jpegFile(huge, 'enorme.png', 'image/png'))).toEqual(pixels);
    const heavy = new Uint8Array(10 * 1024 * 1024 + 1);
    heavy.set(await plainImage('jpeg'));
    expect(await upload(owner, listingId, jpegFile(heavy))).toEqual({ status: 413, body: { error: 'La foto supera i 10 MB.' } });
    expect(await filesIn('listing_originals', owner.id, listingId)).toEqual([]);
  });
});

describeOnRuntimes('the crop is no larger than the app sends (issue 41)', (r) => (runtime = r), () => {
  const TOO_LARGE = { status: 400, body: { error: 'La foto ritagliata è troppo grande: al massimo 1600 x 2000 pixel.' } };
  let listingId: string;
  beforeAll(async () => {
    listingId = (await makeListing(owner)).id;
  });

  it('refuses a crop whose header declares more than 1600 x 2000 pixels, JPEG, PNG or WebP, before decoding it', async () => {
    // Each file walks whole, but holds 40 x 50 pixels of data: only the header's size can refuse it.
    const declared = async (kind: 'jpeg' | 'png' | 'webp', width: number, height: number) => jpegFile(withDeclaredSize(await plainImage(kind), width, height));
    for (const [kind, width, height] of [['jpeg', 4800, 6000], ['jpeg', 1604, 2000], ['jpeg', 1600, 2004], ['png', 4800, 6000], ['webp', 4800, 6000]] as const) {
      const started = performance.now();
      expect({ kind, width, height, answer: await upload(owner, listingId, await declared(kind, width, height)) }).toEqual({ kind, width, height, answer: TOO_LARGE });
      expect(performance.now() - started).toBeLessThan(5000);
    }
    expect(await filesIn('listing_photos', owner.id, listingId)).toEqual([]);
    expect(await filesIn('listing_originals', owner.id, listingId)).toEqual([]);
  });

  it('takes the largest crop the app sends, 1600 x 2000, with the hashes its reduced decode gives', async () => {
    const [picture] = await sources(1);
    const crop = new Uint8Array(await sharp(picture).resize(1600, 2000).jpeg({ quality: 95 }).toBuffer());
    const res = await upload(owner, listingId, jpegFile(crop));
    expect(res.status).toBe(201);
    // As text: a bigint in JSON loses its last bits.
    const { data } = await admin().from('listing_photo_hashes').select('variant, phash::text').eq('photo_id', res.body.photo.id);
    const hex = (v: string) => BigInt.asUintN(64, BigInt(v)).toString(16).padStart(16, '0');
    expect(Object.fromEntries((data ?? []).map((r) => [r.variant, hex(r.phash)]))).toEqual(photoHashesJpeg(crop));
  });
});

describeOnRuntimes('re-crop', (r) => (runtime = r), () => {
  it('replaces the crop under a new random name, queues the old one, keeps the original', async () => {
    const listingId = (await makeListing(owner)).id;
    const first = (await upload(owner, listingId)).body.photo;
    const original = await originalPath(first.id);
    const crop = jpegFile(await gpsJpeg({ width: 40, height: 50 }), 'ritaglio-mario.jpg');

    expect(await post(owner.client, { listingId, photoId: first.id, photo: crop, original: crop })).toEqual({ status: 400, body: { error: INVALID } });
    const res = await post(owner.client, { listingId, photoId: first.id, photo: crop });
    expect(res.status).toBe(200);
    expect(res.body.photo).toMatchObject({ id: first.id, is_primary: true });
    expect(res.body.photo.storage_path).not.toBe(first.storage_path);
    expect(res.body.photo.storage_path).toMatch(/\/[0-9a-f-]{36}\.jpg$/);
    expect(jpegMetadata(await download('listing_photos', res.body.photo.storage_path)).gps).toBe(false);
    await expectRemoved([['listing_photos', first.storage_path]]);
    expect(await originalPath(first.id)).toBe(original);
    expect(await stored('listing_originals', original)).toBe(true);

    const othersPhoto = (await upload(other, (await makeListing(other)).id)).body.photo;
    expect(await post(owner.client, { listingId, photoId: othersPhoto.id, photo: crop })).toEqual({ status: 404, body: { error: 'Foto non trovata.' } });
  });
});

describe('storage-cleanup', () => {
  const run = (key: string) => fetch(`${platformInfo().url}/functions/v1/storage-cleanup`, { method: 'POST', headers: { Authorization: `Bearer ${key}`, apikey: key } });

  it('refuses any caller but the service role', async () => {
    const { data } = await owner.client.auth.getSession();
    for (const key of [platformInfo().anonKey, data.session!.access_token]) {
      const res = await run(key);
      expect(res.status).toBe(401);
      expect(typeof (await res.json()).error).toBe('string');
    }
  });

  it('removes the queued files and empties the queue', async () => {
    const listingId = (await makeListing(owner)).id;
    const photo = (await upload(owner, listingId)).body.photo;
    const original = await originalPath(photo.id);
    expect((await admin().from('listing_photos').delete().eq('id', photo.id)).error).toBeNull();
    const res = await run(platformInfo().serviceRoleKey);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ removed: expect.any(Number), failed: 0 });
    expect(await stored('listing_photos', photo.storage_path)).toBe(false);
    expect(await stored('listing_originals', original)).toBe(false);
    const { data: left } = await admin().rpc('pending_storage_deletions');
    expect((left as { name: string }[]).map((p) => p.name)).not.toEqual(expect.arrayContaining([photo.storage_path]));
    expect((left as { name: string }[]).map((p) => p.name)).not.toEqual(expect.arrayContaining([original]));
  });
});
