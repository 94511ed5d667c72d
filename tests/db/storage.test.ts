/**
 * Photo files: crops in the public listing_photos bucket, originals in the private
 * listing_originals bucket, no client writes to either; visitors reach only the photos a
 * listing displays; whatever deletes a photo row takes its files with it (issue 22, findings
 * 1, 2, 4 and 7; the upload path itself is in photo-upload.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client } from '../support/clients.ts';
import { admin, expectError, photoUrl } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';
import { addPhoto, expectRemoved, filesOf, stored, TINY_JPEG } from '../support/photos.ts';

let owner: TestUser;
let other: TestUser;
let staff: TestUser;

beforeAll(async () => {
  [owner, other, staff] = await Promise.all([makeUser(), makeUser(), makeUser({ role: 'supporto' })]);
});

const PHOTO_COLUMNS = ['avif', 'created_at', 'id', 'is_primary', 'listing_id', 'placeholder', 'renditions', 'storage_path', 'url'];

describe('the photo buckets', () => {
  it('crops are public, originals private; both 10 MB of jpeg/png/webp, and the crops\' AVIF renditions (0514)', async () => {
    const limits = { file_size_limit: 10485760, allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] };
    expect((await admin().storage.getBucket('listing_photos')).data).toMatchObject({ public: true, ...limits, allowed_mime_types: [...limits.allowed_mime_types, 'image/avif'] });
    expect((await admin().storage.getBucket('listing_originals')).data).toMatchObject({ public: false, ...limits });
  });

  it.each(['listing_photos', 'listing_originals'])('refuses every client write to %s, the owner’s included', async (bucket) => {
    const listingId = (await makeListing(owner)).id;
    const path = `${owner.id}/${listingId}/${crypto.randomUUID()}.jpg`;
    for (const c of [owner.client, staff.client, client()]) {
      expect((await c.storage.from(bucket).upload(path, TINY_JPEG, { contentType: 'image/jpeg' })).error).not.toBeNull();
      expect((await c.storage.from(bucket).createSignedUploadUrl(path)).error).not.toBeNull();
    }
    expect(await stored(bucket, path)).toBe(false);
    const photo = await addPhoto(owner.id, listingId);
    const file = bucket === 'listing_photos' ? photo.crop : photo.original;
    await owner.client.storage.from(bucket).remove([file]);
    await owner.client.storage.from(bucket).move(file, `${owner.id}/${listingId}/moved.jpg`);
    expect(await stored(bucket, file)).toBe(true);
  });

  it('anon and other users list nothing; the owner and staff list the folder', async () => {
    const listingId = (await makeListing(owner)).id;
    const photo = await addPhoto(owner.id, listingId);
    for (const bucket of ['listing_photos', 'listing_originals']) {
      const names = async (c: SupabaseClient, folder: string) => ((await c.storage.from(bucket).list(folder)).data ?? []).map((o) => o.name);
      for (const c of [client(), other.client]) {
        expect(await names(c, '')).toEqual([]);
        expect(await names(c, `${owner.id}/${listingId}`)).toEqual([]);
      }
      const file = (bucket === 'listing_photos' ? photo.crop : photo.original).split('/').pop();
      expect(await names(owner.client, `${owner.id}/${listingId}`)).toEqual([file]);
      expect(await names(staff.client, `${owner.id}/${listingId}`)).toEqual([file]);
    }
  });
});

describe('originals are private (finding 1)', () => {
  let listingId: string;
  let photo: Awaited<ReturnType<typeof addPhoto>>;
  beforeAll(async () => {
    listingId = (await makeListing(owner)).id;
    photo = await addPhoto(owner.id, listingId);
  });

  it('no photo column names an original, for anyone', async () => {
    for (const c of [client(), other.client, owner.client]) {
      const { data, error } = await c.from('listing_photos').select('*').eq('listing_id', listingId);
      expect(error).toBeNull();
      expect(data).toHaveLength(1);
      expect(Object.keys(data![0]).sort()).toEqual(PHOTO_COLUMNS);
      expect(JSON.stringify(data)).not.toContain(photo.original);
    }
  });

  it('only the owner and staff read where the original is', async () => {
    const read = (c: SupabaseClient) => c.from('listing_photo_originals').select('photo_id, storage_path').eq('photo_id', photo.id);
    expect((await read(client())).error?.code).toBe('42501');
    expect((await read(other.client)).data).toEqual([]);
    expect((await read(owner.client)).data).toEqual([{ photo_id: photo.id, storage_path: photo.original }]);
    expect((await read(staff.client)).data).toEqual([{ photo_id: photo.id, storage_path: photo.original }]);
  });

  it('nobody downloads it by URL; the owner and staff through a short-lived signed URL', async () => {
    const publicUrl = client().storage.from('listing_originals').getPublicUrl(photo.original).data.publicUrl;
    expect((await fetch(publicUrl)).status).toBeGreaterThanOrEqual(400);
    expect((await client().storage.from('listing_originals').createSignedUrl(photo.original, 60)).error).not.toBeNull();
    expect((await other.client.storage.from('listing_originals').createSignedUrl(photo.original, 60)).error).not.toBeNull();
    expect((await other.client.storage.from('listing_originals').download(photo.original)).error).not.toBeNull();
    for (const c of [owner.client, staff.client]) {
      const signed = await c.storage.from('listing_originals').createSignedUrl(photo.original, 60);
      expect(signed.error).toBeNull();
      const res = await fetch(signed.data!.signedUrl);
      expect(res.status).toBe(200);
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_JPEG);
    }
  });
});

describe('visitors and other users read only displayed photos (finding 2)', () => {
  const ids = async (c: SupabaseClient, listingId: string) =>
    ((await c.from('listing_photos').select('id').eq('listing_id', listingId).order('created_at')).data ?? []).map((r) => r.id as string);

  it('a base listing shows its primary photo, an active promotion five, a paused listing none; owner and staff see all', async () => {
    const listingId = (await makeListing(owner)).id;
    const photos = [];
    for (let i = 0; i < 3; i++) photos.push(await addPhoto(owner.id, listingId));
    const all = photos.map((p) => p.id);
    expect(await ids(client(), listingId)).toEqual([all[0]]);
    expect(await ids(other.client, listingId)).toEqual([all[0]]);
    expect(await ids(owner.client, listingId)).toEqual(all);
    expect(await ids(staff.client, listingId)).toEqual(all);

    // The owner picks another primary: that one is shown instead.
    expect((await owner.client.from('listing_photos').update({ is_primary: false }).eq('listing_id', listingId)).error).toBeNull();
    expect((await owner.client.from('listing_photos').update({ is_primary: true }).eq('id', all[2])).error).toBeNull();
    expect(await ids(client(), listingId)).toEqual([all[2]]);

    const now = Date.now();
    const promotion = { is_premium: true, promotion_mode: 'day', promotion_start_at: new Date(now - 60_000).toISOString(), promotion_end_at: new Date(now + 86_400_000).toISOString() };
    expect((await admin().from('listings').update(promotion).eq('id', listingId)).error).toBeNull();
    expect((await ids(client(), listingId)).sort()).toEqual([...all].sort());

    expect((await admin().from('listings').update({ is_paused: true, paused_at: new Date().toISOString() }).eq('id', listingId)).error).toBeNull();
    expect(await ids(client(), listingId)).toEqual([]);
    expect(await ids(other.client, listingId)).toEqual([]);
    expect(await ids(owner.client, listingId)).toEqual(all);
  });

  it('a promotion that has not started yet still shows one photo', async () => {
    const listingId = (await makeListing(owner)).id;
    for (let i = 0; i < 2; i++) await addPhoto(owner.id, listingId);
    const later = Date.now() + 86_400_000;
    const pending = { is_premium: true, promotion_mode: 'night', promotion_start_at: new Date(later).toISOString(), promotion_end_at: new Date(later + 86_400_000).toISOString() };
    expect((await admin().from('listings').update(pending).eq('id', listingId)).error).toBeNull();
    expect(await ids(client(), listingId)).toHaveLength(1);
  });
});

describe('the upload rules in SQL (the function checks them first, the database again)', () => {
  it('rows and originals are written only by the service role', async () => {
    const listingId = (await makeListing(owner)).id;
    const crop = `${owner.id}/${listingId}/${crypto.randomUUID()}.jpg`;
    const args = { p_user_id: owner.id, p_listing_id: listingId, p_storage_path: crop, p_original_path: `${owner.id}/${listingId}/${crypto.randomUUID()}.jpg` };
    for (const c of [client(), owner.client]) {
      expect((await c.rpc('add_listing_photo', args)).error).not.toBeNull();
      expect((await c.from('listing_photos').insert({ listing_id: listingId, url: photoUrl(owner.id, listingId), storage_path: crop })).error).not.toBeNull();
    }
    expect((await owner.client.from('listing_photo_originals').insert({ photo_id: crypto.randomUUID(), listing_id: listingId, storage_path: crop })).error).not.toBeNull();
    expect((await admin().from('listing_photos').select('id').eq('listing_id', listingId)).data).toEqual([]);
  });

  it('the owner may change only which photo is primary', async () => {
    const listingId = (await makeListing(owner)).id;
    const photo = await addPhoto(owner.id, listingId);
    const evil = photoUrl(other.id, listingId);
    expect((await owner.client.from('listing_photos').update({ url: evil }).eq('id', photo.id)).error).not.toBeNull();
    expect((await owner.client.from('listing_photos').update({ storage_path: photo.original }).eq('id', photo.id)).error).not.toBeNull();
    expect((await admin().from('listing_photos').select('url, storage_path').eq('id', photo.id).single()).data).toEqual({ url: photo.url, storage_path: photo.crop });
  });

  it('listing_photo_upload_target: the owner, not banned, below the cap, their own photo', async () => {
    const listingId = (await makeListing(owner)).id;
    const target = await owner.client.rpc('listing_photo_upload_target', { p_listing_id: listingId });
    expect(target.data).toMatchObject({ user_id: owner.id, listing_id: listingId, photos: 0, max_photos: 5 });
    expect((await client().rpc('listing_photo_upload_target', { p_listing_id: listingId })).error).not.toBeNull();
    expectError(await other.client.rpc('listing_photo_upload_target', { p_listing_id: listingId }), 'Puoi caricare foto solo nei tuoi annunci.', '42501');
    expectError(await owner.client.rpc('listing_photo_upload_target', { p_listing_id: crypto.randomUUID() }), 'Annuncio non trovato.', 'P0001');
    const foreign = await addPhoto(other.id, (await makeListing(other)).id);
    expectError(await owner.client.rpc('listing_photo_upload_target', { p_listing_id: listingId, p_photo_id: foreign.id }), 'Foto non trovata.', 'P0001');
    for (let i = 0; i < 5; i++) await addPhoto(owner.id, listingId);
    const full = 'Puoi caricare al massimo 5 foto per annuncio.';
    expectError(await owner.client.rpc('listing_photo_upload_target', { p_listing_id: listingId }), full, 'P0001');
    expect((await owner.client.rpc('listing_photo_upload_target', { p_listing_id: listingId, p_photo_id: foreign.id })).error).not.toBeNull();
    // The database holds the cap even when the check before the upload is skipped.
    await expect(addPhoto(owner.id, listingId)).rejects.toMatchObject({ message: full });

    const banned = await makeUser();
    const bannedListing = (await makeListing(banned)).id;
    await admin().from('profiles').update({ role: 'banned' }).eq('id', banned.id);
    const message = 'Il tuo account è sospeso: non puoi caricare foto.';
    expectError(await banned.client.rpc('listing_photo_upload_target', { p_listing_id: bannedListing }), message, '42501');
    await expect(addPhoto(banned.id, bannedListing)).rejects.toMatchObject({ message });
  });
});

describe('files die with their rows, whatever deletes them (finding 7)', () => {
  it('the owner deleting one photo through REST', async () => {
    const listingId = (await makeListing(owner)).id;
    const [a, b] = [await addPhoto(owner.id, listingId), await addPhoto(owner.id, listingId)];
    expect((await owner.client.from('listing_photos').delete().eq('id', a.id)).error).toBeNull();
    await expectRemoved(filesOf(a));
    expect(await stored('listing_photos', b.crop)).toBe(true);
    expect(await stored('listing_originals', b.original)).toBe(true);
  });

  it('the owner deleting the listing through REST', async () => {
    const listingId = (await makeListing(owner)).id;
    const photos = [await addPhoto(owner.id, listingId), await addPhoto(owner.id, listingId)];
    expect((await owner.client.from('listings').delete().eq('id', listingId)).error).toBeNull();
    expect((await admin().from('listings').select('id').eq('id', listingId)).data).toEqual([]);
    await expectRemoved(filesOf(...photos));
  });

  it('staff through admin_delete_listing, and their own listing through REST', async () => {
    const [viaRpc, viaRest] = [(await makeListing(other)).id, (await makeListing(staff)).id];
    const photos = [await addPhoto(other.id, viaRpc), await addPhoto(staff.id, viaRest)];
    expect((await staff.client.rpc('admin_delete_listing', { p_listing_id: viaRpc, p_reason: 'Foto non conformi.' })).error).toBeNull();
    expect((await staff.client.from('listings').delete().eq('id', viaRest)).error).toBeNull();
    await expectRemoved(filesOf(...photos));
  });

  it('staff deleting a photo', async () => {
    const photo = await addPhoto(other.id, (await makeListing(other)).id);
    expect((await staff.client.from('listing_photos').delete().eq('id', photo.id).select('id')).data).toEqual([{ id: photo.id }]);
    await expectRemoved(filesOf(photo));
  });

  it('account erasure, with no file removed first', async () => {
    const u = await makeUser();
    const photos = [await addPhoto(u.id, (await makeListing(u)).id), await addPhoto(u.id, (await makeListing(u)).id)];
    expect((await u.client.rpc('delete_my_account')).error).toBeNull();
    expect((await admin().from('profiles').select('id').eq('id', u.id)).data).toEqual([]);
    await expectRemoved(filesOf(...photos));
  });

  it('a re-crop: the old crop goes, the new one and the original stay', async () => {
    const listingId = (await makeListing(owner)).id;
    const photo = await addPhoto(owner.id, listingId);
    const next = `${owner.id}/${listingId}/${crypto.randomUUID()}.jpg`;
    expect((await admin().storage.from('listing_photos').upload(next, TINY_JPEG, { contentType: 'image/jpeg' })).error).toBeNull();
    const res = await admin().rpc('replace_listing_photo_crop', { p_user_id: owner.id, p_photo_id: photo.id, p_storage_path: next });
    expect(res.error).toBeNull();
    expect(res.data).toMatchObject({ id: photo.id, storage_path: next, url: photoUrl(owner.id, listingId, next.split('/').pop()) });
    await expectRemoved([['listing_photos', photo.crop]]);
    expect(await stored('listing_photos', next)).toBe(true);
    expect(await stored('listing_originals', photo.original)).toBe(true);
  });

  it('the daily sweep removes files no row names after a day, and nothing else', async () => {
    const listingId = (await makeListing(owner)).id;
    const kept = await addPhoto(owner.id, listingId);
    const orphan = `${owner.id}/${listingId}/${crypto.randomUUID()}.jpg`;
    expect((await admin().storage.from('listing_originals').upload(orphan, TINY_JPEG, { contentType: 'image/jpeg' })).error).toBeNull();
    expect((await admin().rpc('queue_orphan_storage_files')).data).toBe(0);
    expect(await stored('listing_originals', orphan)).toBe(true);
    const tomorrow = new Date(Date.now() + 86_400_000 + 60_000).toISOString();
    expect((await admin().rpc('queue_orphan_storage_files', { p_now: tomorrow })).data).toBeGreaterThanOrEqual(1);
    await expectRemoved([['listing_originals', orphan]]);
    expect(await stored('listing_photos', kept.crop)).toBe(true);
    expect(await stored('listing_originals', kept.original)).toBe(true);
  });

  it('the queue and its worker are the service role’s only', async () => {
    for (const c of [client(), owner.client]) {
      expect((await c.rpc('pending_storage_deletions')).error).not.toBeNull();
      expect((await c.rpc('complete_storage_deletions', { p_bucket_id: 'listing_photos', p_names: ['x'] })).error).not.toBeNull();
      expect((await c.rpc('queue_orphan_storage_files')).error).not.toBeNull();
    }
  });
});

describe('listing_photos.url: only this project’s storage objects in the owner’s folder', () => {
  const INVALID = "Indirizzo della foto non valido: sono accettate solo le foto caricate nella cartella dell'annuncio.";

  it('refuses other hosts, other folders, queries and bad paths, even from the service role', async () => {
    const id = (await makeListing(owner)).id;
    const otherListing = (await makeListing(other)).id;
    const good = photoUrl(owner.id, id, 'ok.jpg');
    const base = good.slice(0, good.indexOf('/storage/v1/'));
    const bad: Record<string, unknown>[] = [
      { url: `https://tracker.example/storage/v1/object/public/listing_photos/${owner.id}/${id}/px.gif` },
      { url: good.replace(base, `${base}.evil.example`) },
      { url: photoUrl(other.id, otherListing) },
      { url: photoUrl(other.id, id) },
      { url: photoUrl(owner.id, otherListing) },
      { url: photoUrl(owner.id, crypto.randomUUID()) },
      { url: `${good}?track=1` },
      { url: photoUrl(owner.id, id, 'sub/x.jpg') },
      { url: good, storage_path: `${other.id}/${otherListing}/x.jpg` },
    ];
    for (const row of bad) expectError(await admin().from('listing_photos').insert({ listing_id: id, ...row }), INVALID, 'P0001');
    const photo = (await admin().from('listing_photos').insert({ listing_id: id, url: good, storage_path: `${owner.id}/${id}/ok.jpg` }).select('id').single()).data!;
    expectError(await admin().from('listing_photos').update({ url: 'https://tracker.example/px.gif' }).eq('id', photo.id), INVALID, 'P0001');
    expectError(await admin().from('listing_photo_originals').insert({ photo_id: photo.id, listing_id: id, storage_path: `${other.id}/${otherListing}/x.jpg` }), INVALID, 'P0001');
    expect((await admin().from('listing_photos').select('url').eq('listing_id', id)).data).toEqual([{ url: good }]);
  });
});
