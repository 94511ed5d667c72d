/**
 * What visitors read (issue 41): visitors and other users select from listings only the
 * columns a listing's page and card show (column grants), while its owner and staff read the
 * rest through listing_private_fields; a listing waiting for review or refused answers exactly
 * as an id that never existed (favourites, reports, tickets, the upload target); and its crops
 * are served to nobody but its owner and staff until it is approved: they sit in the private
 * listing_photos_held bucket, and move when the review changes (storage-cleanup).
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, expectOk } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';
import { plainImage } from '../support/images.ts';
import { PUBLIC_LISTING_COLUMNS } from '../support/listing-columns.ts';
import { stored } from '../support/photos.ts';

const HELD = 'listing_photos_held';

let owner: TestUser;
let other: TestUser;
let staff: TestUser;
let listing: Record<string, any>;

beforeAll(async () => {
  [owner, other, staff] = await Promise.all([makeUser(), makeUser(), makeUser({ role: 'supporto' })]);
  listing = await makeListing(owner);
  // A promotion that cost something, a creation key and 'Rinnovo automatico': what only she reads.
  expectOk(await admin().from('listings').update({ promotion_credits_paid: 12, auto_renew: true }).eq('id', listing.id));
});

/** Every column of listings (as the service role reads a row). */
const allColumns = async () => Object.keys(expectOk(await admin().from('listings').select('*').eq('id', listing.id).single()) as object).sort();

describe('the columns of listings', () => {
  it('visitors, other users, the owner and staff select exactly the shown columns: never promotion_credits_paid or creation_key', async () => {
    const columns = await allColumns();
    const hidden = columns.filter((c) => !(PUBLIC_LISTING_COLUMNS as readonly string[]).includes(c));
    expect(hidden).toEqual(expect.arrayContaining(['promotion_credits_paid', 'creation_key', 'auto_renew', 'review_submitted_at', 'paused_at',
      'remaining_expires_at_duration', 'remaining_promotion_duration', 'promotion_expiry_added']));
    for (const column of ['promotion_credits_paid', 'creation_key']) {
      expect((await client().from('listings').select(column).eq('id', listing.id)).error?.code, `anon selects ${column}`).toBe('42501');
    }
    for (const c of [client(), other.client, owner.client, staff.client]) {
      for (const column of columns) {
        const res = await c.from('listings').select(column).eq('id', listing.id);
        if (hidden.includes(column)) expect(res.error?.code, column).toBe('42501');
        else expect(res.data, column).toHaveLength(1);
      }
      expect((await c.from('listings').select('*').eq('id', listing.id)).error?.code).toBe('42501');
    }
  });

  it('the owner and staff read the others through listing_private_fields; nobody else does', async () => {
    const own = { id: listing.id, promotion_credits_paid: 12, auto_renew: true, creation_key: listing.creation_key };
    for (const c of [owner.client, staff.client]) expect(expectOk(await c.rpc('listing_private_fields', { p_ids: [listing.id] }))).toEqual([expect.objectContaining(own)]);
    expect(expectOk(await other.client.rpc('listing_private_fields', { p_ids: [listing.id] }))).toEqual([]);
    expect((await client().rpc('listing_private_fields', { p_ids: [listing.id] })).error).not.toBeNull();
  });

  it('the detail of a listing shows no column a visitor may not select', async () => {
    const detail = expectOk(await client().rpc('listing_detail', { p_id: listing.id })) as { listing: Record<string, unknown> };
    const extra = Object.keys(detail.listing).filter((k) => !(PUBLIC_LISTING_COLUMNS as readonly string[]).includes(k));
    expect(extra.sort()).toEqual(['photos', 'promoted']);
  });
});

/** An answer as the client sees it: status and error, whatever the id. */
const answer = (res: { status: number; error: unknown }) => ({ status: res.status, error: res.error });

describe('a waiting or refused listing answers as one that never existed', () => {
  let waiting: string;
  let refused: string;
  beforeAll(async () => {
    const newcomer = await makeUser();
    waiting = (await makeListing(newcomer, {}, true, false)).id;
    refused = (await makeListing(newcomer, { p_city: 'Torino' }, true, false)).id;
    expectOk(await staff.client.rpc('decide_listing_review', { p_listing_id: refused, p_approve: false, p_reason: 'Testo non conforme' }));
  });

  const kinds = () => [['waiting', waiting], ['refused', refused]] as const;

  it('a favourite: refused as an unknown id, and told as removed', async () => {
    const keep = (id: string) => other.client.from('favourites').insert({ user_id: other.id, listing_id: id });
    const unknown = answer(await keep(crypto.randomUUID()));
    for (const [what, id] of kinds()) expect(answer(await keep(id)), what).toEqual(unknown);
    expect(unknown.status).toBe(403);
    expect(expectOk(await admin().from('favourites').select('listing_id').eq('user_id', other.id))).toEqual([]);
    const states = expectOk(await client().rpc('favourite_listings', { p_ids: [waiting, refused] }));
    expect(states).toEqual([{ id: waiting, state: 'removed' }, { id: refused, state: 'removed' }]);
    // A listing that is public keeps being kept.
    expectOk(await keep(listing.id));
  });

  it('a report, a ticket and an upload name it as they name an unknown id', async () => {
    const report = (id: string) => other.client.from('listing_reports').insert({ listing_id: id, reporter_id: other.id, reason: 'spam' });
    const ticket = (id: string) =>
      other.client.rpc('create_ticket', { p_sender_email: other.email, p_message: 'Vorrei sapere di più su questo annuncio.', p_listing_id: id });
    const target = (id: string) => other.client.rpc('listing_photo_upload_target', { p_listing_id: id });
    for (const [ask, refusal] of [[report, /row-level security/], [ticket, /^Annuncio non trovato\.$/], [target, /^Annuncio non trovato\.$/]] as const) {
      const unknown = answer(await ask(crypto.randomUUID()));
      for (const [what, id] of kinds()) expect(answer(await ask(id)), what).toEqual(unknown);
      expect((unknown.error as { message: string } | null)?.message).toMatch(refusal);
    }
  });
});

/** The public address of a crop, and the same through the image transformations. */
const publicUrls = (key: string) => {
  const url = client().storage.from('listing_photos').getPublicUrl(key).data.publicUrl;
  return [url, url.replace('/object/public/', '/render/image/public/') + '?width=400'];
};

/** Whether anyone with the address is served the crop. */
const served = async (key: string) => (await Promise.all(publicUrls(key).map(async (u) => (await fetch(u)).status === 200))).every(Boolean);

/** Waits (storage-cleanup runs after the commit) until the crop is served, or not; fails after `ms`. */
async function expectServed(key: string, yes: boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while ((await served(key)) !== yes && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  expect(await served(key), `served: ${key}`).toBe(yes);
}

/** Whether this client may sign the held copy and is then served it. */
async function readsHeld(c: SupabaseClient, key: string): Promise<boolean> {
  const signed = await c.storage.from(HELD).createSignedUrl(key, 60);
  return !signed.error && (await fetch(signed.data.signedUrl)).status === 200;
}

describe('the photos of a listing that is not approved', () => {
  it('are served to nobody but its owner and staff until approval, and stop again when it is held or refused', async () => {
    const newcomer = await makeUser();
    const l = await makeListing(newcomer, {}, true, false);
    expect(l.review_status).toBe('pending');
    const body = new FormData();
    body.append('listingId', l.id);
    for (const k of ['photo', 'original']) body.append(k, new File([(await plainImage('jpeg')) as BlobPart], 'foto.jpg', { type: 'image/jpeg' }));
    const res = await newcomer.client.functions.invoke('listing-photo', { body });
    expect(res.error).toBeNull();
    const key = (res.data as { photo: { storage_path: string } }).photo.storage_path;

    // Stored in the private bucket: the address answers as a missing file, to anyone, and the
    // held bucket has no public address.
    for (const u of [...publicUrls(key), client().storage.from(HELD).getPublicUrl(key).data.publicUrl]) expect((await fetch(u)).status, u).toBeGreaterThanOrEqual(400);
    expect(await stored(HELD, key)).toBe(true);
    expect(await stored('listing_photos', key)).toBe(false);
    expect((await admin().storage.getBucket(HELD)).data).toMatchObject({ public: false, file_size_limit: 10485760 });
    for (const c of [client(), other.client]) {
      expect(await readsHeld(c, key)).toBe(false);
      expect((await c.storage.from(HELD).download(key)).error).not.toBeNull();
      expect(((await c.storage.from(HELD).list(`${newcomer.id}/${l.id}`)).data ?? [])).toEqual([]);
    }
    // Its owner and staff see what they saw: the photo's row and its file.
    for (const c of [newcomer.client, staff.client]) {
      expect(await readsHeld(c, key)).toBe(true);
      expect(expectOk(await c.from('listing_photos').select('storage_path').eq('listing_id', l.id))).toEqual([{ storage_path: key }]);
    }

    // Approved: public from now on, and no longer in the held bucket.
    expectOk(await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: true }));
    await expectServed(key, true);
    expect(await stored(HELD, key)).toBe(false);

    // Held again (as a screening or a copied photo holds it): the address stops answering.
    expectOk(await admin().from('listings').update({ review_status: 'pending', review_submitted_at: new Date().toISOString() }).eq('id', l.id));
    await expectServed(key, false);
    for (const c of [newcomer.client, staff.client]) expect(await readsHeld(c, key)).toBe(true);

    // Refused: still nobody else's.
    expectOk(await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: false, p_reason: 'Foto non conformi' }));
    await new Promise((r) => setTimeout(r, 500));
    expect(await served(key)).toBe(false);
    expect(await readsHeld(other.client, key)).toBe(false);
    expect(await readsHeld(newcomer.client, key)).toBe(true);
  });

  it('a crop stored in the public bucket for a listing held meanwhile is moved to the held one', async () => {
    // The race the upload target cannot see: the listing is held between the target and the row.
    const l = await makeListing(owner);
    expectOk(await admin().from('listings').update({ review_status: 'pending' }).eq('id', l.id));
    const key = `${owner.id}/${l.id}/${crypto.randomUUID()}.jpg`;
    expectOk(await admin().storage.from('listing_photos').upload(key, await plainImage('jpeg'), { contentType: 'image/jpeg' }));
    const original = `${owner.id}/${l.id}/${crypto.randomUUID()}.jpg`;
    expectOk(await admin().storage.from('listing_originals').upload(original, await plainImage('jpeg'), { contentType: 'image/jpeg' }));
    expectOk(await admin().rpc('add_listing_photo', { p_user_id: owner.id, p_listing_id: l.id, p_storage_path: key, p_original_path: original }));
    await expectServed(key, false);
    expect(await stored(HELD, key)).toBe(true);
  });

  it('a deleted photo of a held listing takes its held file with it', async () => {
    const newcomer = await makeUser();
    const l = await makeListing(newcomer, {}, true, false);
    const body = new FormData();
    body.append('listingId', l.id);
    for (const k of ['photo', 'original']) body.append(k, new File([(await plainImage('jpeg')) as BlobPart], 'foto.jpg', { type: 'image/jpeg' }));
    const res = await newcomer.client.functions.invoke('listing-photo', { body });
    const photo = (res.data as { photo: { id: string; storage_path: string } }).photo;
    expect(await stored(HELD, photo.storage_path)).toBe(true);
    expectOk(await newcomer.client.from('listing_photos').delete().eq('id', photo.id));
    const deadline = Date.now() + 15_000;
    while ((await stored(HELD, photo.storage_path)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await stored(HELD, photo.storage_path)).toBe(false);
  });
});
