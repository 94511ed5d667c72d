/**
 * Review before publication and duplicate photos (issue 26, parts 2 and 3): a new advertiser's
 * listing waits in 'Da approvare' unseen by the public until staff approve it; a trusted one is
 * public at once; an untrusted owner's edits go back to review; a refusal refunds the
 * publication; a photo that is a resized, re-compressed copy of another account's holds the
 * listing with both photos and the distance, while a different photo or one's own does not.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, credits, expectError, expectOk, listingRow } from '../support/db.ts';
import { makeListing, makeUser, validListing, type TestUser } from '../support/factories.ts';
import { sources } from '../support/phash-set.ts';
import { addPhoto } from '../support/photos.ts';
import { DUPLICATE_MAX_DISTANCE } from '../../supabase/functions/_shared/image/phash.ts';

const jpegFile = (bytes: Uint8Array) => new File([bytes as BlobPart], 'foto.jpg', { type: 'image/jpeg' });

/** A new photo through the listing-photo function (the one upload path); its status and body. */
async function uploadPhoto(u: TestUser, listingId: string, crop: Uint8Array): Promise<{ status: number; body: any }> {
  const body = new FormData();
  body.append('listingId', listingId);
  body.append('photo', jpegFile(crop));
  body.append('original', jpegFile(crop));
  const res = await u.client.functions.invoke('listing-photo', { body });
  return { status: res.response!.status, body: res.error ? await res.response!.json() : res.data };
}

/** A new advertiser's listing (create_listing as the owner, not approved), with its credits. */
async function newAdvertiserListing(overrides: Record<string, unknown> = {}) {
  const u = await makeUser({ credits: 10 });
  const l = expectOk<any>(await u.client.rpc('create_listing', { ...validListing, ...overrides }));
  return { u, l };
}

const anonIds = async (city: string) => (await client().from('listings').select('id').eq('city', city)).data!.map((r) => r.id);
const searchIds = async (city: string) => (expectOk(await client().rpc('search_listings', { p_city: city })) as any[]).map((r) => r.id);
const detail = async (id: string) => expectOk<any>(await client().rpc('listing_detail', { p_id: id })).status;
/** The listing's review rows (open ones only when `open`), oldest first. */
const holds = async (listingId: string, open = false) => {
  let q = admin().from('listing_review_holds').select('*').eq('listing_id', listingId);
  if (open) q = q.is('resolved_at', null);
  return (await q.order('id')).data!;
};
const city = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

let staff: TestUser;

beforeAll(async () => {
  staff = await makeUser({ role: 'supporto' });
});

describe('trust levels: a new advertiser waits, a trusted one publishes at once', () => {
  it("a new advertiser's listing is invisible to anon and to search until supporto approves it; the next one is public at once", async () => {
    const where = city('Revisione');
    const { u, l } = await newAdvertiserListing({ p_city: where });
    expect(l.review_status).toBe('pending');
    expect(Date.now() - new Date(l.review_submitted_at).getTime()).toBeLessThan(60_000);
    expect(await credits(u.id)).toBe(0); // charged at creation, as before

    expect(await anonIds(where)).toEqual([]);
    expect(await searchIds(where)).toEqual([]);
    expect(await detail(l.id)).toBe('missing');
    // The owner reads it, 'In revisione' with its time.
    const own = (await u.client.from('listings').select('review_status, review_submitted_at').eq('id', l.id).single()).data!;
    expect(own).toEqual({ review_status: 'pending', review_submitted_at: l.review_submitted_at });
    // Nor do the owner or another user read why it is held: staff only.
    expect((await u.client.from('listing_review_holds').select('id').eq('listing_id', l.id)).data).toEqual([]);

    const queue = (expectOk(await staff.client.rpc('review_queue')) as any[]);
    const item = queue.find((q) => q.id === l.id);
    expect(item).toMatchObject({ title: l.title, owner: { id: u.id }, reasons: [{ reason: 'new_advertiser' }] });
    // Oldest first.
    const times = queue.map((q) => new Date(q.submitted_at).getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expectError(await u.client.rpc('review_queue'), /./, '42501');

    const approved = expectOk<any>(await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: true }));
    expect(approved.review_status).toBe('approved');
    expect(await anonIds(where)).toEqual([l.id]);
    expect(await searchIds(where)).toEqual([l.id]);
    expect(await detail(l.id)).toBe('active');
    expect((await holds(l.id)).map((h) => [h.reason, h.decision, h.resolved_by])).toEqual([['new_advertiser', 'approved', staff.id]]);
    expect((expectOk(await staff.client.rpc('review_queue')) as any[]).some((q) => q.id === l.id)).toBe(false);

    // Trusted now: the second listing is public at once.
    const second = await makeListing(u, { p_city: where }, true, false);
    expect(second.review_status).toBe('approved');
    expect((await anonIds(where)).sort()).toEqual([l.id, second.id].sort());
  });

  it('photos verified by staff make an advertiser trusted', async () => {
    const { u, l } = await newAdvertiserListing();
    const verified = await admin().from('listings').update({ review_status: 'rejected', photos_verified_at: new Date().toISOString() }).eq('id', l.id);
    expect(verified.error).toBeNull();
    expect((await makeListing(u, {}, true, false)).review_status).toBe('approved');
  });

  it('a report upheld in the last 30 days takes the trust away: the next listing waits', async () => {
    const u = await makeUser();
    const first = await makeListing(u);
    expect((await makeListing(u, {}, true, false)).review_status).toBe('approved');
    const reporter = await makeUser();
    const report = expectOk<any>(await reporter.client.from('listing_reports').insert({ listing_id: first.id, reporter_id: reporter.id, reason: 'truffa' }).select().single());
    expectOk(await staff.client.from('listing_reports').update({ status: 'reviewed' }).eq('id', report.id).select());
    expect((await makeListing(u, {}, true, false)).review_status).toBe('pending');
    // Older than 30 days, it no longer counts.
    expectOk(await admin().from('listing_reports').update({ created_at: '2020-01-01T00:00:00Z', reviewed_at: '2020-01-01T00:00:00Z' }).eq('id', report.id).select());
    expect((await makeListing(u, {}, true, false)).review_status).toBe('approved');
  });
});

describe('edits', () => {
  it("a trusted advertiser's text edit stays public; an untrusted owner's edit goes back to review", async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    expectOk(await u.client.from('listings').update({ title: 'Un titolo nuovo e diverso' }).eq('id', l.id).select());
    expect((await listingRow(l.id))!.review_status).toBe('approved');

    // An upheld report: no longer trusted, so the next edit waits for staff.
    const reporter = await makeUser();
    const report = expectOk<any>(await reporter.client.from('listing_reports').insert({ listing_id: l.id, reporter_id: reporter.id, reason: 'spam' }).select().single());
    expectOk(await staff.client.from('listing_reports').update({ status: 'reviewed' }).eq('id', report.id).select());
    expectOk(await u.client.from('listings').update({ description: 'Una descrizione cambiata dopo la segnalazione.' }).eq('id', l.id).select());
    const row = (await listingRow(l.id))!;
    expect(row.review_status).toBe('pending');
    expect((await holds(l.id, true)).map((h) => [h.reason, h.details])).toEqual([['new_advertiser', { edit: 'text' }]]);
    expect(await detail(l.id)).toBe('missing');
  });

  it("a new advertiser's photo on an approved listing goes back to review too", async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    const reporter = await makeUser();
    const report = expectOk<any>(await reporter.client.from('listing_reports').insert({ listing_id: l.id, reporter_id: reporter.id, reason: 'spam' }).select().single());
    expectOk(await staff.client.from('listing_reports').update({ status: 'reviewed' }).eq('id', report.id).select());
    // A photo the service role adds (the demo seed) is no owner's edit.
    await addPhoto(u.id, l.id);
    expect((await listingRow(l.id))!.review_status).toBe('approved');
    const [picture] = await sources(1);
    expect((await uploadPhoto(u, l.id, picture!)).status).toBe(201);
    expect((await listingRow(l.id))!.review_status).toBe('pending');
    expect((await holds(l.id, true)).map((h) => h.details)).toEqual([{ edit: 'photo' }]);
  });
});

describe('refusal', () => {
  it('needs a reason, refunds the publication (a wallet line), tells the owner why and how to contest; only staff decide', async () => {
    const { u, l } = await newAdvertiserListing();
    expect(await credits(u.id)).toBe(0);
    expectError(await u.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: false, p_reason: 'no' }), /./, '42501');
    expectError(await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: false, p_reason: '  ' }), 'Indica il motivo del rifiuto.', 'P0001');

    const refused = expectOk<any>(await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: false, p_reason: 'Foto non conformi' }));
    expect(refused.review_status).toBe('rejected');
    expect(await credits(u.id)).toBe(10);
    const { data: tx } = await admin().from('credit_transactions').select('type, amount, listing_id').eq('user_id', u.id).order('created_at');
    expect(tx).toEqual([
      { type: 'listing_creation', amount: -10, listing_id: l.id },
      { type: 'listing_refund', amount: 10, listing_id: l.id },
    ]);
    const { data: told } = await admin().from('admin_notifications').select('type, message').eq('user_id', u.id);
    expect(told).toEqual([{ type: 'listing_rejected', message: expect.stringMatching(/non è stato approvato: Foto non conformi\. Ti abbiamo restituito 10 crediti\. Puoi contestare/) }]);
    expect(await detail(l.id)).toBe('missing');
    expect((await holds(l.id)).map((h) => h.decision)).toEqual(['rejected']);
    const { data: audit } = await admin().from('audit_log').select('action, reason').eq('entity_id', l.id);
    expect(audit).toEqual([{ action: 'listing_rejected', reason: 'Foto non conformi' }]);

    // Decided once: a second decision (and a second refund) is refused.
    expectError(await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: false, p_reason: 'Ancora' }), 'Annuncio non in attesa di revisione.', 'P0001');
    expect(await credits(u.id)).toBe(10);
    // A refused owner's edit does not put it back in the queue.
    expectOk(await u.client.from('listings').update({ title: 'Titolo corretto dopo il rifiuto' }).eq('id', l.id).select());
    expect((await listingRow(l.id))!.review_status).toBe('rejected');
  });
});

describe('the distance rule (record_photo_hash as the upload function calls it)', () => {
  /** A hash `bits` bits away from `base` (the lowest bits flipped). */
  const flip = (base: string, bits: number) => (BigInt(`0x${base}`) ^ ((1n << BigInt(bits)) - 1n)).toString(16).padStart(16, '0');
  const record = async (photoId: string, hash: string) => expectOk<any>(await admin().rpc('record_photo_hash', { p_photo_id: photoId, p_hash: hash }));

  it('holds at the threshold, not beyond; one open row per reason keeps every match and the first submission time', async () => {
    const base = 'a5c3f00f12e47b96';
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    const la = await makeListing(a);
    const lb = await makeListing(b);
    const pa = await addPhoto(a.id, la.id);
    expect(await record(pa.id, base)).toEqual({ review_status: 'approved', distance: null });
    // A's own second photo with the same hash: never its own duplicate.
    const own = await addPhoto(a.id, la.id);
    expect(await record(own.id, base)).toEqual({ review_status: 'approved', distance: null });

    const far = await addPhoto(b.id, lb.id);
    expect(await record(far.id, flip(base, DUPLICATE_MAX_DISTANCE + 1))).toEqual({ review_status: 'approved', distance: null });
    const near = await addPhoto(b.id, lb.id);
    expect(await record(near.id, flip(base, DUPLICATE_MAX_DISTANCE))).toEqual({ review_status: 'pending', distance: DUPLICATE_MAX_DISTANCE });
    const submitted = (await listingRow(lb.id))!.review_submitted_at;
    const same = await addPhoto(b.id, lb.id);
    expect(await record(same.id, base)).toEqual({ review_status: 'pending', distance: 0 });
    expect((await listingRow(lb.id))!.review_submitted_at).toBe(submitted);

    const rows = await holds(lb.id, true);
    expect(rows.map((h) => [h.reason, h.details.matches.map((m: any) => [m.photo_id, m.other_photo_id, m.distance])])).toEqual([
      ['duplicate_photo', [[near.id, pa.id, DUPLICATE_MAX_DISTANCE], [same.id, pa.id, 0]]],
    ]);
    expectError(await admin().rpc('record_photo_hash', { p_photo_id: own.id, p_hash: 'xyz' }), 'Impronta della foto non valida.', 'P0001');
  });
});

describe('duplicate and stolen photos', () => {
  let giulia: TestUser;
  let marco: TestUser;
  let original: Uint8Array;
  let different: Uint8Array;
  let ownPicture: Uint8Array;
  let giuliaListing: Record<string, any>;
  let giuliaPhoto: string;

  beforeAll(async () => {
    [giulia, marco] = await Promise.all([makeUser(), makeUser()]);
    [original, different, ownPicture] = (await sources(5)).slice(2) as [Uint8Array, Uint8Array, Uint8Array];
    giuliaListing = await makeListing(giulia);
    await makeListing(marco); // both trusted: only the photo can hold
    const up = await uploadPhoto(giulia, giuliaListing.id, original!);
    expect(up.status).toBe(201);
    giuliaPhoto = up.body.photo.id;
  }, 120_000);

  it("a resized, re-compressed copy of another account's photo holds the listing with both photos and the distance", async () => {
    const copy = new Uint8Array(await sharp(original).resize(500).jpeg({ quality: 55 }).toBuffer());
    const l = await makeListing(marco, {}, true, false);
    expect(l.review_status).toBe('approved');
    const up = await uploadPhoto(marco, l.id, copy);
    expect(up.status).toBe(201);
    expect(up.body.review_status).toBe('pending');
    expect((await listingRow(l.id))!.review_status).toBe('pending');
    expect(await detail(l.id)).toBe('missing');

    const [hold] = await holds(l.id, true);
    expect(hold).toMatchObject({ reason: 'duplicate_photo', details: { matches: [{ photo_id: up.body.photo.id, other_photo_id: giuliaPhoto, other_listing_id: giuliaListing.id }] } });
    const distance = hold.details.matches[0].distance;
    expect(distance).toBeGreaterThanOrEqual(0);
    expect(distance).toBeLessThanOrEqual(DUPLICATE_MAX_DISTANCE);

    const item = (expectOk(await staff.client.rpc('review_queue')) as any[]).find((q) => q.id === l.id);
    expect(item.reasons[0].details.matches[0]).toMatchObject({
      distance, photo_url: up.body.photo.url, other_photo_url: expect.stringContaining(giuliaListing.id), other_owner_email: giulia.email,
    });
    // Giulia's listing is untouched.
    expect((await listingRow(giuliaListing.id))!.review_status).toBe('approved');
  }, 60_000);

  it('a different photo does not hold, nor does an account re-using its own photo', async () => {
    const l = await makeListing(marco, {}, true, false);
    expect((await uploadPhoto(marco, l.id, different!)).body.review_status).toBe('approved');
    const own = await makeListing(giulia, {}, true, false);
    expect((await uploadPhoto(giulia, giuliaListing.id, ownPicture!)).body.review_status).toBe('approved');
    const copy = new Uint8Array(await sharp(ownPicture).resize(400).jpeg({ quality: 60 }).toBuffer());
    expect((await uploadPhoto(giulia, own.id, copy)).body.review_status).toBe('approved');
    expect((await listingRow(l.id))!.review_status).toBe('approved');
    expect((await listingRow(own.id))!.review_status).toBe('approved');
  }, 60_000);

  it('no visitor, owner or other user reads a hash; staff do', async () => {
    expect((await client().from('listing_photo_hashes').select('phash')).error).not.toBeNull();
    expect((await giulia.client.from('listing_photo_hashes').select('phash').eq('photo_id', giuliaPhoto)).data).toEqual([]);
    expect((await staff.client.from('listing_photo_hashes').select('photo_id').eq('photo_id', giuliaPhoto)).data).toEqual([{ photo_id: giuliaPhoto }]);
    // The API refuses a hash from anyone but the upload function (service role).
    expectError(await giulia.client.rpc('record_photo_hash', { p_photo_id: giuliaPhoto, p_hash: '0000000000000000' }), /./, '42501');
  });

  it('a crop that is not a JPEG is refused (no stored photo escapes the check)', async () => {
    const png = new Uint8Array(await sharp(original).png().toBuffer());
    const body = new FormData();
    body.append('listingId', giuliaListing.id);
    body.append('photo', new File([png], 'foto.png', { type: 'image/png' }));
    body.append('original', jpegFile(original));
    const res = await (giulia.client).functions.invoke('listing-photo', { body });
    expect(res.response!.status).toBe(400);
    expect(await res.response!.json()).toEqual({ error: 'La foto ritagliata deve essere un JPEG.' });
  });
});
