/** The listing_photos bucket: public read, owner-only writes under {uid}/{listingId}/, 10 MB, jpeg/png/webp. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client } from '../support/clients.ts';
import { admin, createListing, makeUser, type TestUser } from './helpers.ts';

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
  listingId = (await createListing(owner)).id;
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
    const bl = (await createListing(b)).id;
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
