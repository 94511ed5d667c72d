/**
 * 'Foto verificate' (issue 26, part 1): a code and gesture for the owner, one selfie through
 * listing-photo into the private verification_selfies bucket that only staff read, the
 * decision that deletes the selfie whatever it is (and the 7-day job when nobody decides),
 * the badge a new photo or crop clears, and the search filter.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client } from '../support/clients.ts';
import { admin, DAY, expectError, expectOk, listingRow } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';
import { addPhoto, expectRemoved, stored } from '../support/photos.ts';
import { CAMERA_TEXT, gpsJpeg, latin1 } from '../support/images.ts';
import { jpegMetadata } from '../../supabase/functions/_shared/image/index.ts';

const SELFIE_BUCKET = 'verification_selfies';

type Verification = { id: string; code: string; gesture: string; code_expires_at: string; status: string; selfie_path: string | null; decided_at: string; decided_by: string | null; reason: string | null };
type Row = { id: string; photos_verified_at: string | null };

async function jpeg(): Promise<File> {
  const bytes = await sharp({ create: { width: 64, height: 80, channels: 3, background: '#c08050' } }).jpeg().toBuffer();
  return new File([new Uint8Array(bytes)], 'selfie.jpg', { type: 'image/jpeg' });
}

/** Posts the selfie of a request (a plain JPEG unless `photo`) to listing-photo as `u`; the answer's status and body. */
async function sendSelfie(c: SupabaseClient, verificationId: string, photo?: File): Promise<{ status: number; body: any }> {
  const body = new FormData();
  body.append('kind', 'selfie');
  body.append('verificationId', verificationId);
  body.append('photo', photo ?? (await jpeg()));
  const res = await c.functions.invoke('listing-photo', { body });
  return { status: res.response!.status, body: res.error ? await res.response!.json() : res.data };
}

/** A public listing of `owner` (approved, whatever the review rules say about a new advertiser). */
async function publicListing(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<string> {
  const id = (await makeListing(owner, overrides)).id as string;
  expectOk(await admin().from('listings').update({ review_status: 'approved' }).eq('id', id));
  return id;
}

/** A listing of `owner` with one photo, a verification request and its selfie stored; the selfie's key. */
async function submitted(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<{ listingId: string; verificationId: string; selfie: string }> {
  const listingId = await publicListing(owner, overrides);
  await addPhoto(owner.id, listingId);
  const v = expectOk(await owner.client.rpc('request_photo_verification', { p_listing_id: listingId })) as Verification;
  const sent = await sendSelfie(owner.client, v.id);
  expect(sent.status, JSON.stringify(sent.body)).toBe(201);
  const row = (await admin().from('photo_verifications').select('*').eq('id', v.id).single()).data!;
  expect(row).toMatchObject({ status: 'submitted' });
  expect(await stored(SELFIE_BUCKET, row.selfie_path)).toBe(true);
  return { listingId, verificationId: v.id, selfie: row.selfie_path };
}

let owner: TestUser;
let other: TestUser;
let staff: TestUser;

beforeAll(async () => {
  [owner, other, staff] = await Promise.all([makeUser(), makeUser(), makeUser({ role: 'supporto' })]);
});

describe('the request', () => {
  it('gives the owner a code of six characters valid 30 minutes and a gesture from the list', async () => {
    const listingId = (await makeListing(owner)).id;
    expectError(await owner.client.rpc('request_photo_verification', { p_listing_id: listingId }), 'Aggiungi almeno una foto prima di chiedere la verifica.');
    await addPhoto(owner.id, listingId);
    expectError(await other.client.rpc('request_photo_verification', { p_listing_id: listingId }), 'Annuncio non trovato.');
    const v = expectOk(await owner.client.rpc('request_photo_verification', { p_listing_id: listingId })) as Verification;
    expect(v.code).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
    expect(['pollice-su', 'vittoria', 'mano-aperta', 'indice-alzato', 'ok']).toContain(v.gesture);
    const minutes = (new Date(v.code_expires_at).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('refuses a selfie for an expired code, and a stranger’s', async () => {
    const listingId = (await makeListing(owner)).id;
    await addPhoto(owner.id, listingId);
    const v = expectOk(await owner.client.rpc('request_photo_verification', { p_listing_id: listingId })) as Verification;
    expect((await sendSelfie(other.client, v.id)).status).toBe(404);
    await admin().from('photo_verifications').update({ code_expires_at: new Date(Date.now() - 1000).toISOString() }).eq('id', v.id);
    const late = await sendSelfie(owner.client, v.id);
    expect(late).toMatchObject({ status: 400, body: { error: 'Il codice è scaduto: chiedi un nuovo codice.' } });
    const { data } = await admin().storage.from(SELFIE_BUCKET).list(`${owner.id}/${listingId}`);
    expect(data ?? []).toEqual([]);
  });
});

describe('the selfie', () => {
  it('is private: staff read it, the owner, others and visitors do not; nobody writes the bucket', async () => {
    const { selfie } = await submitted(owner);
    expect((await admin().storage.getBucket(SELFIE_BUCKET)).data).toMatchObject({ public: false });
    const signed = await staff.client.storage.from(SELFIE_BUCKET).createSignedUrl(selfie, 60);
    expect(signed.error).toBeNull();
    expect((await fetch(signed.data!.signedUrl)).status).toBe(200);
    for (const c of [owner.client, other.client, client()]) {
      expect((await c.storage.from(SELFIE_BUCKET).createSignedUrl(selfie, 60)).error).not.toBeNull();
      expect((await c.storage.from(SELFIE_BUCKET).download(selfie)).error).not.toBeNull();
      expect((await c.storage.from(SELFIE_BUCKET).upload(`${owner.id}/x/${crypto.randomUUID()}.jpg`, await jpeg())).error).not.toBeNull();
    }
  });

  it('is stored without EXIF, GPS or XMP; a file that is not an image is refused and nothing is stored (issue 42)', async () => {
    const listingId = await publicListing(owner);
    await addPhoto(owner.id, listingId);
    const v = expectOk(await owner.client.rpc('request_photo_verification', { p_listing_id: listingId })) as Verification;
    const folder = `${owner.id}/${listingId}`;
    const disguised = (text: string) => new File([new TextEncoder().encode(text)], 'selfie.jpg', { type: 'image/jpeg' });
    for (const file of [disguised('Ciao, sono io: questo è il mio selfie.'), disguised('<!doctype html><script>alert(document.cookie)</script>')]) {
      expect(await sendSelfie(owner.client, v.id, file)).toEqual({ status: 400, body: { error: "Il file non è un'immagine JPEG, PNG o WebP." } });
    }
    expect((await admin().storage.from(SELFIE_BUCKET).list(folder)).data ?? []).toEqual([]);
    const waiting = (await admin().from('photo_verifications').select('status, selfie_path').eq('id', v.id).single()).data;
    expect(waiting).toEqual({ status: 'requested', selfie_path: null });

    // A phone's selfie: camera, author, date and a position in Milan.
    const camera = await gpsJpeg({ width: 64, height: 80 });
    expect(jpegMetadata(camera)).toMatchObject({ exif: true, gps: true, xmp: true });
    const sent = await sendSelfie(owner.client, v.id, new File([camera as BlobPart], 'mario-rossi-selfie-casa.jpg', { type: 'image/jpeg' }));
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    const row = (await admin().from('photo_verifications').select('status, selfie_path').eq('id', v.id).single()).data!;
    expect(row.status).toBe('submitted');
    expect(row.selfie_path).toMatch(new RegExp(`^${folder}/[0-9a-f-]{36}\\.jpg$`));
    const { data, error } = await admin().storage.from(SELFIE_BUCKET).download(row.selfie_path);
    expect(error).toBeNull();
    const bytes = new Uint8Array(await data!.arrayBuffer());
    expect(jpegMetadata(bytes)).toEqual({ exif: false, gps: false, xmp: false, comment: false });
    expect(latin1(bytes)).not.toMatch(CAMERA_TEXT);
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 64, height: 80 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    // Cleaned, not re-encoded: staff see the very pixels sent.
    expect(Buffer.compare(await sharp(bytes).raw().toBuffer(), await sharp(camera).raw().toBuffer())).toBe(0);
  });

  it('is deleted on approval; the listing shows its verification month; only decision, date and who stay', async () => {
    const { listingId, verificationId, selfie } = await submitted(owner);
    expectError(await owner.client.rpc('decide_photo_verification', { p_verification_id: verificationId, p_approve: true }), 'Operazione riservata allo staff.');
    const v = expectOk(await staff.client.rpc('decide_photo_verification', { p_verification_id: verificationId, p_approve: true })) as Verification;
    expect(v).toMatchObject({ status: 'approved', selfie_path: null, decided_by: staff.id });
    await expectRemoved([[SELFIE_BUCKET, selfie]]);
    expect((await listingRow(listingId))!.photos_verified_at).toBe(v.decided_at);
    const detail = expectOk(await client().rpc('listing_detail', { p_id: listingId })) as { status: string; listing: { photos_verified_at: string } };
    expect(detail.status).toBe('active');
    expect(detail.listing.photos_verified_at).toBe(v.decided_at);
    const { data: note } = await owner.client.from('admin_notifications').select('type').eq('entity_id', listingId);
    expect(note!.map((n) => n.type)).toEqual(['verification_approved']);
  });

  it('is deleted on refusal, which needs a reason the owner reads', async () => {
    const { listingId, verificationId, selfie } = await submitted(owner);
    expectError(await staff.client.rpc('decide_photo_verification', { p_verification_id: verificationId, p_approve: false, p_reason: ' ' }), 'Indica il motivo del rifiuto.');
    expectError(await staff.client.rpc('decide_photo_verification', { p_verification_id: verificationId, p_approve: false, p_reason: 'x'.repeat(1001) }),
      'Il motivo può contenere al massimo 1000 caratteri.');
    const v = expectOk(
      await staff.client.rpc('decide_photo_verification', { p_verification_id: verificationId, p_approve: false, p_reason: 'Il codice non è leggibile' }),
    ) as Verification;
    expect(v).toMatchObject({ status: 'refused', selfie_path: null, reason: 'Il codice non è leggibile' });
    await expectRemoved([[SELFIE_BUCKET, selfie]]);
    expect((await listingRow(listingId))!.photos_verified_at).toBeNull();
    const { data: note } = await owner.client.from('admin_notifications').select('type, message').eq('entity_id', listingId).single();
    expect(note).toMatchObject({ type: 'verification_refused' });
    expect(note!.message).toContain('non è stata approvata: Il codice non è leggibile.');
    // The Registro keeps the decision with its reason (private.tell_staff_decision, as the review's).
    const { data: audit } = await admin().from('audit_log').select('action, reason').eq('entity_id', listingId);
    expect(audit).toEqual([{ action: 'verification_refused', reason: 'Il codice non è leggibile' }]);
    expectError(await staff.client.rpc('decide_photo_verification', { p_verification_id: verificationId, p_approve: true }), 'Verifica non trovata o già decisa.');
  });

  it("keeps a reason's own full stop without doubling it (issue 43)", async () => {
    const { listingId, verificationId } = await submitted(owner);
    expectOk(await staff.client.rpc('decide_photo_verification', { p_verification_id: verificationId, p_approve: false, p_reason: 'Il codice non è leggibile.' }));
    const { data: note } = await owner.client.from('admin_notifications').select('message').eq('entity_id', listingId).single();
    expect(note!.message).toContain('non è stata approvata: Il codice non è leggibile. Il selfie è stato eliminato.');
    expect(note!.message).not.toContain('..');
  });

  it('is deleted after 7 days when nobody decides', async () => {
    const { listingId, verificationId, selfie } = await submitted(owner);
    await admin().rpc('expire_photo_verifications', { p_now: new Date(Date.now() + 6.9 * DAY).toISOString() });
    expect(await stored(SELFIE_BUCKET, selfie)).toBe(true);
    expect(expectOk(await admin().rpc('expire_photo_verifications', { p_now: new Date(Date.now() + 7.1 * DAY).toISOString() }))).toBeGreaterThanOrEqual(1);
    await expectRemoved([[SELFIE_BUCKET, selfie]]);
    const row = (await admin().from('photo_verifications').select('status, selfie_path').eq('id', verificationId).single()).data;
    expect(row).toEqual({ status: 'expired', selfie_path: null });
    expect((await listingRow(listingId))!.photos_verified_at).toBeNull();
  });

  it('the 7-day sweep expires only a selfie still waiting: an approval or a refusal stays, unannounced (issue 42)', async () => {
    const u = await makeUser();
    const [approved, refused, pending] = [await submitted(u), await submitted(u), await submitted(u)];
    expectOk(await staff.client.rpc('decide_photo_verification', { p_verification_id: approved.verificationId, p_approve: true }));
    expectOk(await staff.client.rpc('decide_photo_verification', { p_verification_id: refused.verificationId, p_approve: false, p_reason: 'Il gesto non è quello chiesto' }));
    const read = async (id: string) =>
      (await admin().from('photo_verifications').select('status, selfie_path, submitted_at, decided_at, decided_by, reason').eq('id', id).single()).data!;
    const [approvedBefore, refusedBefore, pendingBefore] = await Promise.all([read(approved.verificationId), read(refused.verificationId), read(pending.verificationId)]);
    // Eight days after the last of the three was sent: every one is older than the 7 days.
    const now = new Date(Math.max(...[approvedBefore, refusedBefore, pendingBefore].map((r) => new Date(r.submitted_at).getTime())) + 8 * DAY).toISOString();
    expect(expectOk(await admin().rpc('expire_photo_verifications', { p_now: now }))).toBeGreaterThanOrEqual(1);

    expect(await read(approved.verificationId)).toEqual(approvedBefore);
    expect(await read(refused.verificationId)).toEqual(refusedBefore);
    expect(approvedBefore).toMatchObject({ status: 'approved', selfie_path: null, decided_by: staff.id });
    expect(refusedBefore).toMatchObject({ status: 'refused', reason: 'Il gesto non è quello chiesto' });
    const expired = await read(pending.verificationId);
    expect(expired).toMatchObject({ status: 'expired', selfie_path: null });
    expect(new Date(expired.decided_at).getTime()).toBe(new Date(now).getTime());
    await expectRemoved([[SELFIE_BUCKET, pending.selfie]]);
    expect((await listingRow(approved.listingId))!.photos_verified_at).toBe(approvedBefore.decided_at);
    // Only the owner of the selfie nobody looked at is told so (read back as service_role).
    const { data: notes } = await admin().from('admin_notifications').select('type, entity_id').eq('user_id', u.id).order('created_at');
    expect(notes!.filter((n) => n.type === 'verification_expired')).toEqual([{ type: 'verification_expired', entity_id: pending.listingId }]);
    expect(notes!.map((n) => n.type).sort()).toEqual(['verification_approved', 'verification_expired', 'verification_refused']);
  });

  it('leaves with its listing', async () => {
    const { listingId, selfie } = await submitted(owner);
    expectOk(await owner.client.from('listings').delete().eq('id', listingId));
    await expectRemoved([[SELFIE_BUCKET, selfie]]);
  });
});

describe('the badge', () => {
  async function verified(): Promise<{ listingId: string; photoId: string }> {
    const { listingId, verificationId } = await submitted(owner);
    expectOk(await staff.client.rpc('decide_photo_verification', { p_verification_id: verificationId, p_approve: true }));
    const { data } = await admin().from('listing_photos').select('id').eq('listing_id', listingId).single();
    expect((await listingRow(listingId))!.photos_verified_at).not.toBeNull();
    return { listingId, photoId: data!.id };
  }

  it('goes when a photo is added', async () => {
    const { listingId } = await verified();
    await addPhoto(owner.id, listingId);
    expect((await listingRow(listingId))!.photos_verified_at).toBeNull();
  });

  it('goes when a photo is re-cropped, and the owner cannot set it', async () => {
    const { listingId, photoId } = await verified();
    expectOk(await admin().rpc('replace_listing_photo_crop', { p_user_id: owner.id, p_photo_id: photoId, p_storage_path: `${owner.id}/${listingId}/${crypto.randomUUID()}.jpg` }));
    expect((await listingRow(listingId))!.photos_verified_at).toBeNull();
    const res = await owner.client.from('listings').update({ photos_verified_at: new Date().toISOString() }).eq('id', listingId);
    expect(res.error).not.toBeNull();
  });

  it('stays when the primary photo changes', async () => {
    const { listingId, photoId } = await verified();
    expectOk(await owner.client.from('listing_photos').update({ is_primary: true }).eq('id', photoId));
    expect((await listingRow(listingId))!.photos_verified_at).not.toBeNull();
  });
});

describe('Solo foto verificate', () => {
  it('search_listings and its count keep only verified listings, and carry the date', async () => {
    const city = `Verifica${crypto.randomUUID().slice(0, 8)}`;
    const plain = await publicListing(owner, { p_city: city });
    const { listingId, verificationId } = await submitted(owner, { p_city: city });
    expectOk(await staff.client.rpc('decide_photo_verification', { p_verification_id: verificationId, p_approve: true }));
    const all = expectOk(await client().rpc('search_listings', { p_city: city })) as Row[];
    expect(all.map((r) => r.id).sort()).toEqual([plain, listingId].sort());
    const only = expectOk(await client().rpc('search_listings', { p_city: city, p_verified_only: true })) as Row[];
    expect(only.map((r) => r.id)).toEqual([listingId]);
    expect(only[0]!.photos_verified_at).not.toBeNull();
    expect(expectOk(await client().rpc('search_listings_count', { p_city: city, p_verified_only: true }))).toBe(1);
  });
});

describe('an approval covers only the photos the listing had when the selfie was sent (issue 40)', () => {
  it('a photo added after the selfie: the selfie is approved but the listing is not verified, and the owner is told to ask again', async () => {
    const u = await makeUser();
    const { listingId, verificationId } = await submitted(u);
    await addPhoto(u.id, listingId);
    const v = expectOk<any>(await staff.client.rpc('decide_photo_verification', { p_verification_id: verificationId, p_approve: true }));
    expect(v.status).toBe('approved');
    expect((await listingRow(listingId))!.photos_verified_at).toBeNull();
    const { data: told } = await admin().from('admin_notifications').select('message').eq('user_id', u.id).eq('type', 'verification_approved');
    expect(told).toEqual([{ message: expect.stringContaining('chiedi una nuova verifica') }]);

    // A new selfie, with the photos as they are now: verified.
    const again = expectOk(await u.client.rpc('request_photo_verification', { p_listing_id: listingId })) as Verification;
    expect((await sendSelfie(u.client, again.id)).status).toBe(201);
    expectOk(await staff.client.rpc('decide_photo_verification', { p_verification_id: again.id, p_approve: true }));
    expect((await listingRow(listingId))!.photos_verified_at).not.toBeNull();
  });
});
