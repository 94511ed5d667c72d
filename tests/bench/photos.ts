/**
 * Photos (issue 22): the upload path, a phone photo and its crop posted to the listing-photo
 * Edge Function as giulia (checks, metadata removal, both files stored, the row written), and
 * how fast Storage's render refuses a 144 MP source a visitor could otherwise make it resize.
 */
import sharp from 'sharp';
import type { SupabaseClient } from '@supabase/supabase-js';
import { userByKey } from '../../supabase/seed/data.ts';
import { makeClient, percentile } from './rest.ts';
import type { BenchTarget, Figure } from './types.ts';

const UPLOADS = 20;
const RENDERS = 20;
const round = (n: number) => Math.round(n * 100) / 100;

/**
 * What a phone sends: 12 MP (4032x3024) at quality 92, noisy enough to weigh ~4 MB, Display P3,
 * EXIF with camera, owner and GPS, XMP; and the app's 4:5 crop of it (1600x2000, quality 0.95,
 * drawn on a canvas, so no metadata).
 */
export async function phonePhoto(): Promise<{ original: Buffer; crop: Buffer }> {
  const [width, height] = [4032, 3024];
  const raw = Buffer.alloc(width * height * 3);
  let seed = 22;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const noise = ((seed >>> 24) / 255 - 0.5) * 26;
      const i = (y * width + x) * 3;
      raw[i] = 60 + (x / width) * 150 + noise;
      raw[i + 1] = 90 + Math.sin(y / 180) * 60 + noise;
      raw[i + 2] = 200 - (y / height) * 120 + noise;
    }
  }
  const image = () => sharp(raw, { raw: { width, height, channels: 3 } });
  const original = await image()
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone 15 Pro', Software: '18.1', Artist: 'Mario Rossi', DateTime: '2026:11:20 21:14:03' },
      IFD2: { DateTimeOriginal: '2026:11:20 21:14:03', ExposureTime: '1/60', FNumber: '178/100', ISOSpeedRatings: '640', LensModel: 'iPhone 15 Pro back camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '45/1 27/1 5100/100', GPSLongitudeRef: 'E', GPSLongitude: '9/1 11/1 2400/100', GPSAltitude: '122/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="45,27.85N" exif:GPSLongitude="9,11.40E"/></rdf:RDF></x:xmpmeta>')
    .jpeg({ quality: 92 })
    .toBuffer();
  const crop = await image().extract({ left: 806, top: 0, width: 2419, height: 3024 }).resize(1600, 2000).jpeg({ quality: 95 }).toBuffer();
  return { original, crop };
}

/** giulia's listing with the fewest photos, so uploads stay under the cap. */
async function giuliasListing(user: SupabaseClient, id: string): Promise<string> {
  const { data, error } = await user.from('listings').select('id, listing_photos(id)').eq('user_id', id);
  if (error) throw error;
  const listing = data.sort((a, b) => a.listing_photos.length - b.listing_photos.length)[0];
  if (!listing) throw new Error('giulia has no listing (is the seed loaded?)');
  return listing.id as string;
}

/** The stored original must have lost its EXIF and XMP, or the bench timed the wrong work. */
async function expectCleaned(admin: SupabaseClient, photoId: string) {
  const row = await admin.from('listing_photo_originals').select('storage_path').eq('photo_id', photoId).single();
  if (row.error) throw row.error;
  const file = await admin.storage.from('listing_originals').download(row.data.storage_path as string);
  if (file.error) throw file.error;
  const meta = await sharp(Buffer.from(await file.data.arrayBuffer())).metadata();
  if (meta.exif || meta.xmp) throw new Error('listing-photo stored the original with its EXIF/XMP');
}

async function benchUpload(target: BenchTarget): Promise<Figure[]> {
  const { original, crop } = await phonePhoto();
  const giulia = userByKey('giulia');
  const user = makeClient(target, target.anonKey);
  const signed = await user.auth.signInWithPassword({ email: giulia.email, password: giulia.password });
  if (signed.error) throw signed.error;
  const listingId = await giuliasListing(user, giulia.id);
  const form = new FormData();
  form.set('listingId', listingId);
  form.set('photo', new Blob([new Uint8Array(crop)], { type: 'image/jpeg' }), 'crop.jpg');
  form.set('original', new Blob([new Uint8Array(original)], { type: 'image/jpeg' }), 'IMG_4032.jpg');
  const headers = { apikey: target.anonKey, Authorization: `Bearer ${signed.data.session.access_token}` };

  const upload = async () => {
    const t0 = performance.now();
    const res = await fetch(`${target.url}/functions/v1/listing-photo`, { method: 'POST', headers, body: form });
    const body = (await res.json()) as { photo?: { id: string }; error?: string };
    const ms = performance.now() - t0;
    if (res.status !== 201 || !body.photo) throw new Error(`listing-photo answered ${res.status}: ${JSON.stringify(body)}`);
    return { ms, id: body.photo.id };
  };
  // Each upload's row is deleted again (its files follow through the clean-up queue), so the cap is never hit.
  const remove = async (id: string) => {
    const { error } = await user.from('listing_photos').delete().eq('id', id);
    if (error) throw error;
  };
  // The warm-up (the function's first import) is not counted; it also proves the work is done.
  const warm = await upload();
  await expectCleaned(makeClient(target, target.serviceRoleKey), warm.id);
  await remove(warm.id);

  const times: number[] = [];
  for (let i = 0; i < UPLOADS; i++) {
    const { ms, id } = await upload();
    times.push(ms);
    await remove(id);
  }
  times.sort((a, b) => a - b);
  const name = 'photo upload (listing-photo), phone photo';
  return [
    { name: `${name}: size`, value: round(original.byteLength / 1e6), unit: 'MB' },
    { name: `${name}: median`, value: round(percentile(times, 50)), unit: 'ms' },
    { name: `${name}: p95`, value: round(percentile(times, 95)), unit: 'ms', budget: { max: 1500 } },
  ];
}

async function benchRenderRefusal(target: BenchTarget): Promise<Figure[]> {
  const admin = makeClient(target, target.serviceRoleKey);
  const bucket = 'bench_render';
  const created = await admin.storage.createBucket(bucket, { public: true });
  if (created.error) throw created.error;
  const put = async (name: string, bytes: Buffer) => {
    const { error } = await admin.storage.from(bucket).upload(name, bytes, { contentType: 'image/png' });
    if (error) throw error;
  };
  const plain = (size: number) => sharp({ create: { width: size, height: size, channels: 3, background: '#b4648c' } }).png({ compressionLevel: 9 }).toBuffer();
  await put('small.png', await plain(400));
  await put('huge.png', await plain(12000));
  const render = (name: string, width: number) => fetch(`${target.url}/storage/v1/render/image/public/${bucket}/${name}?width=${width}`);

  // A small source renders through the same URL without headers, so a 4xx below is the refusal.
  const control = await render('small.png', 200);
  await control.arrayBuffer();
  if (control.status !== 200) throw new Error(`render of a small PNG answered ${control.status}`);
  const times: number[] = [];
  // A new width each time: nothing can come from the render cache.
  for (let i = 0; i < RENDERS + 2; i++) {
    const t0 = performance.now();
    const res = await render('huge.png', 100 + i);
    await res.arrayBuffer();
    const ms = performance.now() - t0;
    if (res.status < 400 || res.status >= 500) throw new Error(`render of a 144 MP PNG answered ${res.status} in ${Math.round(ms)} ms, not a refusal`);
    if (i >= 2) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const name = 'render refusal, 144 MP PNG source';
  return [
    { name: `${name}: median`, value: round(percentile(times, 50)), unit: 'ms' },
    { name: `${name}: p95`, value: round(percentile(times, 95)), unit: 'ms', budget: { max: 50 } },
  ];
}

/** Both figures on the product platform `target` (migrated and seeded). */
export async function benchPhotos(target: BenchTarget): Promise<Figure[]> {
  return [...(await benchUpload(target)), ...(await benchRenderRefusal(target))];
}
