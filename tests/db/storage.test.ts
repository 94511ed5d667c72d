/**
 * The listing_photos bucket: public download by URL but no listing, owner-only writes under
 * {uid}/{listingId}/, 10 MB, jpeg/png/webp; files removed before their listing or account.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client } from '../support/clients.ts';
import { removeListingFiles, removeUserFiles } from '../../src/lib/listingPhotoFiles.ts';
import { admin, expectError, photoUrl } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70, 0, 1, 0xff, 0xd9]);
const bucket = (c: SupabaseClient) => c.storage.from('listing_photos');

let owner: TestUser;
let other: TestUser;
let listingId: string;

async function exists(path: string): Promise<boolean> {
  const folder = path.split('/').slice(0, -1).join('/');
  const { data } = await admin().storage.from('listing_photos').list(folder);
  return (data ?? []).some((o) => o.name === path.split('/').pop());
}

beforeAll(async () => {
  [owner, other] = await Promise.all([makeUser(), makeUser()]);
  listingId = (await makeListing(owner)).id;
});

describe('listing_photos bucket', () => {
  it('is public with a 10 MB limit and image types', async () => {
    const { data } = await admin().storage.getBucket('listing_photos');
    expect(data).toMatchObject({ public: true, file_size_limit: 10485760, allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'] });
  });

  it('the owner uploads under {uid}/{listingId}/ and anyone reads it', async () => {
    const path = `${owner.id}/${listingId}/a.jpg`;
    const up = await bucket(owner.client).upload(path, JPEG, { contentType: 'image/jpeg' });
    expect(up.error).toBeNull();
    expect(await exists(path)).toBe(true);
    const url = bucket(client()).getPublicUrl(path).data.publicUrl;
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(JPEG);
  });

  it.each([
    ['another user in the owner folder', () => other, () => `${owner.id}/${listingId}/x.jpg`],
    ['another user in their own folder for the owner listing', () => other, () => `${other.id}/${listingId}/x.jpg`],
    ['the owner outside a listing folder', () => owner, () => `${owner.id}/x.jpg`],
    ['the owner under a listing that is not theirs', () => owner, () => `${owner.id}/${crypto.randomUUID()}/x.jpg`],
  ])('refuses %s', async (_what, who, path) => {
    const p = path();
    const up = await bucket(who().client).upload(p, JPEG, { contentType: 'image/jpeg' });
    expect(up.error).not.toBeNull();
    expect(await exists(p)).toBe(false);
  });

  it('refuses anonymous and banned uploads', async () => {
    const p = `${owner.id}/${listingId}/anon.jpg`;
    expect((await bucket(client()).upload(p, JPEG, { contentType: 'image/jpeg' })).error).not.toBeNull();
    const b = await makeUser();
    const bl = (await makeListing(b)).id;
    await admin().from('profiles').update({ role: 'banned' }).eq('id', b.id);
    const bp = `${b.id}/${bl}/x.jpg`;
    expect((await bucket(b.client).upload(bp, JPEG, { contentType: 'image/jpeg' })).error).not.toBeNull();
    expect(await exists(p)).toBe(false);
    expect(await exists(bp)).toBe(false);
  });

  it('refuses other content types and files over 10 MB', async () => {
    const pdf = `${owner.id}/${listingId}/doc.pdf`;
    expect((await bucket(owner.client).upload(pdf, new Uint8Array([37, 80, 68, 70]), { contentType: 'application/pdf' })).error).not.toBeNull();
    const big = `${owner.id}/${listingId}/big.jpg`;
    expect((await bucket(owner.client).upload(big, new Uint8Array(10 * 1024 * 1024 + 1), { contentType: 'image/jpeg' })).error).not.toBeNull();
    expect(await exists(pdf)).toBe(false);
    expect(await exists(big)).toBe(false);
  });

  it('only the owner (or staff) removes files', async () => {
    const path = `${owner.id}/${listingId}/del.jpg`;
    expect((await bucket(owner.client).upload(path, JPEG, { contentType: 'image/jpeg' })).error).toBeNull();
    await bucket(other.client).remove([path]);
    expect(await exists(path)).toBe(true);
    await bucket(owner.client).remove([path]);
    expect(await exists(path)).toBe(false);
    const staff = await makeUser({ role: 'supporto' });
    const p2 = `${owner.id}/${listingId}/staff.jpg`;
    expect((await bucket(owner.client).upload(p2, JPEG, { contentType: 'image/jpeg' })).error).toBeNull();
    await bucket(staff.client).remove([p2]);
    expect(await exists(p2)).toBe(false);
  });
});

describe('listing_photos bucket: no listing for visitors and other users', () => {
  it('anon and other users list nothing; the owner and staff list the folder; anyone downloads by URL', async () => {
    const path = `${owner.id}/${listingId}/listed.jpg`;
    expect((await bucket(owner.client).upload(path, JPEG, { contentType: 'image/jpeg' })).error).toBeNull();
    const staff = await makeUser({ role: 'admin' });
    const names = async (c: SupabaseClient, folder: string) => ((await bucket(c).list(folder)).data ?? []).map((o) => o.name);
    for (const c of [client(), other.client]) {
      expect(await names(c, '')).toEqual([]);
      expect(await names(c, owner.id)).toEqual([]);
      expect(await names(c, `${owner.id}/${listingId}`)).toEqual([]);
    }
    expect(await names(owner.client, owner.id)).toContain(listingId);
    expect(await names(owner.client, `${owner.id}/${listingId}`)).toContain('listed.jpg');
    expect(await names(staff.client, `${owner.id}/${listingId}`)).toContain('listed.jpg');
    expect((await fetch(bucket(client()).getPublicUrl(path).data.publicUrl)).status).toBe(200);
  });
});

/** A listing with two uploaded photos and their rows, as the photo manager leaves it. */
async function listingWithPhotos(u: TestUser): Promise<{ id: string; urls: string[] }> {
  const id = (await makeListing(u)).id;
  const urls: string[] = [];
  for (const name of ['a.jpg', 'a-original.jpg']) {
    const path = `${u.id}/${id}/${name}`;
    expect((await bucket(u.client).upload(path, JPEG, { contentType: 'image/jpeg' })).error).toBeNull();
    urls.push(bucket(u.client).getPublicUrl(path).data.publicUrl);
  }
  const row = { listing_id: id, url: urls[0], original_url: urls[1], storage_path: `${u.id}/${id}/a.jpg`, original_path: `${u.id}/${id}/a-original.jpg` };
  expect((await u.client.from('listing_photos').insert(row)).error).toBeNull();
  for (const url of urls) expect((await fetch(url)).status).toBe(200);
  return { id, urls };
}

const gone = async (urls: string[]) => (await Promise.all(urls.map(async (u) => (await fetch(u)).status))).every((s) => s === 400 || s === 404);

describe('deleting a listing removes its files first', () => {
  it('the owner, then the listing: files and rows gone', async () => {
    const u = await makeUser();
    const l = await listingWithPhotos(u);
    await removeListingFiles(u.client, u.id, l.id);
    expect((await u.client.from('listings').delete().eq('id', l.id)).error).toBeNull();
    expect(await gone(l.urls)).toBe(true);
    expect((await admin().from('listings').select('id').eq('id', l.id)).data).toEqual([]);
    expect((await admin().from('listing_photos').select('id').eq('listing_id', l.id)).data).toEqual([]);
  });

  it('staff delete another user’s listing the same way', async () => {
    const [u, staff] = await Promise.all([makeUser(), makeUser({ role: 'supporto' })]);
    const l = await listingWithPhotos(u);
    await removeListingFiles(staff.client, u.id, l.id);
    expect((await staff.client.rpc('admin_delete_listing', { p_listing_id: l.id })).error).toBeNull();
    expect(await gone(l.urls)).toBe(true);
    expect((await admin().from('listings').select('id').eq('id', l.id)).data).toEqual([]);
  });
});

describe('deleting an account removes its files first', () => {
  it('delete_my_account refuses while files are left; after the files, everything is gone', async () => {
    const u = await makeUser();
    const a = await listingWithPhotos(u);
    const b = await listingWithPhotos(u);
    expectError(await u.client.rpc('delete_my_account'), "Prima di eliminare l'account devono essere eliminate le foto dei tuoi annunci.");
    expect((await admin().from('profiles').select('id').eq('id', u.id)).data).toHaveLength(1);
    await removeUserFiles(u.client, u.id);
    expect((await u.client.rpc('delete_my_account')).error).toBeNull();
    expect(await gone([...a.urls, ...b.urls])).toBe(true);
    expect((await admin().from('profiles').select('id').eq('id', u.id)).data).toEqual([]);
    expect((await admin().from('listings').select('id').in('id', [a.id, b.id])).data).toEqual([]);
    expect((await admin().auth.admin.getUserById(u.id)).data.user).toBeNull();
  });

  it('a banned user cannot delete the account, so the address cannot sign up again unbanned', async () => {
    const b = await makeUser({ role: 'banned' });
    expectError(await b.client.rpc('delete_my_account'), 'Il tuo account è sospeso e non può essere eliminato. Per informazioni contatta l\'assistenza.', '42501');
    expect((await admin().from('profiles').select('role').eq('id', b.id).single()).data).toEqual({ role: 'banned' });
    const again = await client().auth.signUp({ email: b.email, password: 'password-456' });
    expect(again.data.user?.id ?? null).not.toBe(b.id);
    const { data: rows } = await admin().from('profiles').select('id, role').eq('email', b.email);
    expect(rows).toEqual([{ id: b.id, role: 'banned' }]);
  });
});

describe('a signed upload URL obtained before a ban', () => {
  it('stops working after the ban', async () => {
    const u = await makeUser();
    const l = (await makeListing(u)).id;
    const before = await bucket(u.client).createSignedUploadUrl(`${u.id}/${l}/before.jpg`);
    const after = await bucket(u.client).createSignedUploadUrl(`${u.id}/${l}/after.jpg`);
    expect(before.error).toBeNull();
    expect(after.error).toBeNull();
    expect((await bucket(client()).uploadToSignedUrl(before.data!.path, before.data!.token, JPEG, { contentType: 'image/jpeg' })).error).toBeNull();
    await admin().from('profiles').update({ role: 'banned' }).eq('id', u.id);
    const up = await bucket(client()).uploadToSignedUrl(after.data!.path, after.data!.token, JPEG, { contentType: 'image/jpeg' });
    expect(up.error).not.toBeNull();
    expect(await exists(`${u.id}/${l}/before.jpg`)).toBe(true);
    expect(await exists(`${u.id}/${l}/after.jpg`)).toBe(false);
  });
});

describe('listing_photos.url: only this project’s storage objects in the owner’s folder', () => {
  const INVALID = "Indirizzo della foto non valido: sono accettate solo le foto caricate nella cartella dell'annuncio.";

  it('refuses other hosts, other folders, queries and bad paths, for the owner and the service role', async () => {
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
      { url: good, original_url: 'https://tracker.example/px.gif' },
      { url: good, storage_path: `${other.id}/${otherListing}/x.jpg` },
      { url: good, original_path: 'x.jpg' },
    ];
    for (const row of bad) {
      for (const c of [owner.client, admin()]) {
        expectError((await c.from('listing_photos').insert({ listing_id: id, ...row })), INVALID, 'P0001');
      }
    }
    const { data, error } = await owner.client.from('listing_photos').insert({ listing_id: id, url: good, original_url: photoUrl(owner.id, id, 'ok-original.jpg'), storage_path: `${owner.id}/${id}/ok.jpg` }).select('id').single();
    expect(error).toBeNull();
    expectError((await owner.client.from('listing_photos').update({ url: 'https://tracker.example/px.gif' }).eq('id', data!.id)), INVALID, 'P0001');
    expect((await admin().from('listing_photos').select('url').eq('listing_id', id)).data).toEqual([{ url: good }]);
  });
});
