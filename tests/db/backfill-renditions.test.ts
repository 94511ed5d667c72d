/**
 * scripts/backfill-renditions.ts (issue 44): photos stored before renditions existed (rows
 * written as the seed wrote them, renditions null) get every file beside their crop, in its
 * bucket, served for a year, and their placeholder; a second run changes nothing; a photo
 * re-cropped or deleted while it runs keeps what it has, and the files made for it go. Each
 * run is limited to this file's listings: other files share the database.
 */
import { createHash, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformInfo } from '../support/clients.ts';
import { admin, expectOk } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';
import { expectRemoved, stored, TINY_JPEG } from '../support/photos.ts';
import { backfillPhoto, backfillRenditions, type BackfillOptions, type PendingPhoto } from '../../scripts/backfill-renditions.ts';
import { renderPhoto } from '../../supabase/seed/photos.ts';
import { AVIF_SUFFIXES, AVIF_WIDTHS, FALLBACK_WIDTH, RENDITION_KEY_LENGTH, RENDITION_SUFFIXES, RENDITION_WIDTHS } from '../../supabase/functions/_shared/image/renditions.ts';

const PUBLIC = 'listing_photos';
const HELD = 'listing_photos_held';

interface Row {
  id: string;
  storage_path: string;
  renditions: string | null;
  placeholder: string | null;
}

let owner: TestUser;
let newcomer: TestUser;
let approved: string;
let held: string;
let pictures = 0;

/** A crop as the app stores it (800 x 1000 JPEG), a new picture each call. */
async function newCrop(listingId: string): Promise<Uint8Array> {
  return new Uint8Array((await renderPhoto({ listingId, index: pictures++ % 5, city: 'Milano', zone: `zona ${pictures}` })).cropped);
}

/** A photo as stored before renditions: the crop in `bucket`, its row without renditions (as the seed wrote them). */
async function storeAsBefore(user: TestUser, listingId: string, bucket: string, bytes: Uint8Array): Promise<Row & { bytes: Uint8Array }> {
  const path = `${user.id}/${listingId}/${randomUUID()}.jpg`;
  expectOk(await admin().storage.from(bucket).upload(path, bytes, { contentType: 'image/jpeg' }));
  const url = admin().storage.from(PUBLIC).getPublicUrl(path).data.publicUrl;
  const row = expectOk(await admin().from('listing_photos').insert({ listing_id: listingId, url, storage_path: path }).select('id, storage_path, renditions, placeholder').single()) as Row;
  return { ...row, bytes };
}

const rows = async (listingIds: string[]) =>
  expectOk(await admin().from('listing_photos').select('id, storage_path, renditions, placeholder').in('listing_id', listingIds).order('id')) as Row[];

/** Every stored file of a folder, with what an upload again would change. */
async function files(bucket: string, folder: string) {
  const listed = expectOk(await admin().storage.from(bucket).list(folder, { limit: 100 })) as { name: string; updated_at: string; metadata: { eTag?: string } }[];
  return listed.map((f) => ({ name: f.name, updated_at: f.updated_at, eTag: f.metadata?.eTag })).sort((a, b) => a.name.localeCompare(b.name));
}

function run(listingIds: string[], extra: Partial<BackfillOptions> = {}) {
  const lines: string[] = [];
  const info = platformInfo();
  const done = backfillRenditions({ url: info.url, serviceRoleKey: info.serviceRoleKey, listingIds, batchSize: 2, log: (l) => lines.push(l), ...extra });
  return done.then((result) => ({ result, lines }));
}

const keyOf = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, RENDITION_KEY_LENGTH);
const renditionFiles = (prefix: string) => [...RENDITION_SUFFIXES, ...AVIF_SUFFIXES].map((s) => `${prefix}${s}`);

beforeAll(async () => {
  [owner, newcomer] = await Promise.all([makeUser(), makeUser()]);
  approved = (await makeListing(owner)).id;
  // A new advertiser's first listing waits for review: its crops are in the held bucket.
  const waiting = await makeListing(newcomer, {}, true, false);
  expect(waiting.review_status).toBe('pending');
  held = waiting.id;
});

describe('backfill-renditions', () => {
  let before: (Row & { bytes: Uint8Array })[];

  it('gives each photo without renditions every file beside its crop, served for a year, and its placeholder', async () => {
    before = [
      await storeAsBefore(owner, approved, PUBLIC, await newCrop(approved)),
      await storeAsBefore(owner, approved, PUBLIC, await newCrop(approved)),
      await storeAsBefore(newcomer, held, HELD, await newCrop(held)),
    ];
    const dry = await run([approved, held], { dryRun: true });
    expect(dry.result).toEqual({ total: 3, processed: 0, skipped: 0, failed: 0, avif: 0 });
    expect(dry.lines.at(-1)).toMatch(/^\[backfill\] dry run: 3 photos without renditions \(2 public, 1 held\)/);
    expect((await rows([approved, held])).map((r) => r.renditions)).toEqual([null, null, null]);

    const { result, lines } = await run([approved, held]);
    expect(result).toEqual({ total: 3, processed: 3, skipped: 0, failed: 0, avif: 0 });
    // In batches of 2, a progress line after each.
    expect(lines.filter((l) => /^\[backfill\] \d+\/3 photos, 0 failed$/.test(l))).toEqual(['[backfill] 2/3 photos, 0 failed', '[backfill] 3/3 photos, 0 failed']);

    const after = await rows([approved, held]);
    for (const p of before) {
      const user = p === before[2] ? newcomer : owner;
      const listing = p === before[2] ? held : approved;
      expect(after.find((r) => r.id === p.id)).toEqual({
        id: p.id, storage_path: p.storage_path, renditions: `${user.id}/${listing}/${keyOf(p.bytes)}`, placeholder: expect.stringMatching(/^[A-Za-z0-9+/]+={0,2}$/),
      });
    }
    const widths = [...RENDITION_WIDTHS, FALLBACK_WIDTH, ...AVIF_WIDTHS].map((w) => Math.min(w, 800));
    for (const p of before.slice(0, 2)) {
      for (const [i, name] of renditionFiles(after.find((r) => r.id === p.id)!.renditions!).entries()) {
        const served = await fetch(admin().storage.from(PUBLIC).getPublicUrl(name).data.publicUrl);
        expect(served.status, name).toBe(200);
        expect((served.headers.get('cache-control') ?? '').split(',').map((d) => d.trim()).sort(), name).toEqual(['immutable', 'max-age=31536000', 'public']);
        const meta = await sharp(new Uint8Array(await served.arrayBuffer())).metadata();
        expect({ name, format: meta.format, width: meta.width }).toEqual({ name, format: { webp: 'webp', jpg: 'jpeg', avif: 'heif' }[name.split('.').at(-1)!], width: widths[i] });
      }
    }
    // The held photo's files are in the held bucket, none in the public one.
    for (const name of renditionFiles(after.find((r) => r.id === before[2]!.id)!.renditions!)) {
      expect(await stored(HELD, name), name).toBe(true);
      expect(await stored(PUBLIC, name), name).toBe(false);
    }
  });

  it('changes nothing the second time: the same rows, the same files, none processed', async () => {
    const folders: [string, string][] = [[PUBLIC, `${owner.id}/${approved}`], [HELD, `${newcomer.id}/${held}`]];
    const snapshot = async () => ({ rows: await rows([approved, held]), files: await Promise.all(folders.map(([b, f]) => files(b, f))) });
    const first = await snapshot();
    expect(first.rows.every((r) => r.renditions)).toBe(true);
    const { result, lines } = await run([approved, held]);
    expect(result).toEqual({ total: 0, processed: 0, skipped: 0, failed: 0, avif: 0 });
    expect(lines).toEqual([expect.stringMatching(/^\[backfill\] done: 0 given renditions/)]);
    expect(await snapshot()).toEqual(first);
  });

  it('gives a photo with renditions but without their AVIF ones (photo-avif failed) those, once', async () => {
    const listing = (await makeListing(owner)).id;
    expect((await run([listing, approved])).result).toEqual({ total: 0, processed: 0, skipped: 0, failed: 0, avif: 0 });
    const done = (await rows([approved]))[0]!;
    const avif = AVIF_SUFFIXES.map((s) => `${done.renditions}${s}`);
    expectOk(await admin().storage.from(PUBLIC).remove(avif));
    expectOk(await admin().from('listing_photos').update({ avif: false }).eq('id', done.id));
    expect((await run([approved])).result).toEqual({ total: 0, processed: 0, skipped: 0, failed: 0, avif: 1 });
    for (const name of avif) expect(await stored(PUBLIC, name), name).toBe(true);
    expect(expectOk(await admin().from('listing_photos').select('avif').eq('id', done.id).single())).toEqual({ avif: true });
    expect((await run([approved])).result).toEqual({ total: 0, processed: 0, skipped: 0, failed: 0, avif: 0 });
  });

  it('leaves a photo re-cropped or deleted meanwhile as it is, and removes the files made for it', async () => {
    const listing = (await makeListing(owner)).id;
    const recropped = await storeAsBefore(owner, listing, PUBLIC, await newCrop(listing));
    const deleted = await storeAsBefore(owner, listing, PUBLIC, await newCrop(listing));
    const read = async (id: string) =>
      expectOk(await admin().from('listing_photos').select('id, listing_id, storage_path, listings(user_id, review_status)').eq('id', id).single<PendingPhoto>())!;
    const [staleRecrop, staleDeleted] = [await read(recropped.id), await read(deleted.id)];

    // Meanwhile: a new crop replaces the first, the second is deleted; storage-cleanup takes their old crops,
    // stored again here so the backfill, which read the rows before, still finds them.
    const newBytes = await newCrop(listing);
    const newPath = `${owner.id}/${listing}/${randomUUID()}.jpg`;
    expectOk(await admin().storage.from(PUBLIC).upload(newPath, newBytes, { contentType: 'image/jpeg' }));
    expectOk(await admin().from('listing_photos').update({ storage_path: newPath, url: admin().storage.from(PUBLIC).getPublicUrl(newPath).data.publicUrl }).eq('id', recropped.id));
    expectOk(await admin().from('listing_photos').delete().eq('id', deleted.id));
    await expectRemoved([[PUBLIC, recropped.storage_path], [PUBLIC, deleted.storage_path]]);
    for (const p of [recropped, deleted]) expectOk(await admin().storage.from(PUBLIC).upload(p.storage_path, p.bytes, { contentType: 'image/jpeg' }));

    expect(await backfillPhoto(admin(), staleRecrop)).toBe('skipped');
    expect(await backfillPhoto(admin(), staleDeleted)).toBe('skipped');
    expect(await rows([listing])).toEqual([{ id: recropped.id, storage_path: newPath, renditions: null, placeholder: null }]);
    for (const p of [recropped, deleted]) {
      for (const name of renditionFiles(`${owner.id}/${listing}/${keyOf(p.bytes)}`)) expect(await stored(PUBLIC, name), name).toBe(false);
    }
    // The next run gives the new crop its renditions.
    expect((await run([listing])).result).toEqual({ total: 1, processed: 1, skipped: 0, failed: 0, avif: 0 });
    expect((await rows([listing]))[0]!.renditions).toBe(`${owner.id}/${listing}/${keyOf(newBytes)}`);
    expectOk(await admin().storage.from(PUBLIC).remove([recropped.storage_path, deleted.storage_path]));
  });

  it('counts a crop that does not decode as failed, leaves its row, and tries it again next time', async () => {
    const listing = (await makeListing(owner)).id;
    const broken = await storeAsBefore(owner, listing, PUBLIC, TINY_JPEG);
    for (let i = 0; i < 2; i++) {
      const { result, lines } = await run([listing]);
      expect(result).toEqual({ total: 1, processed: 0, skipped: 0, failed: 1, avif: 0 });
      expect(lines).toContain('[backfill] 1/1 photos, 1 failed');
      expect(lines.some((l) => l.startsWith(`[backfill] ${broken.id} (${broken.storage_path}): `))).toBe(true);
    }
    expect(await rows([listing])).toEqual([{ id: broken.id, storage_path: broken.storage_path, renditions: null, placeholder: null }]);
  });
});
