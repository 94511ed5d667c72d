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
import { admin, credits, DAY, expectError, expectOk, listingRow, setCredits, travel } from '../support/db.ts';
import { approveAsStaff, makeListing, makeUser, validListing, type TestUser } from '../support/factories.ts';
import { flatLumaJpeg } from '../support/images.ts';
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

/** A re-crop of one of the listing's photos through the listing-photo function (no original). */
async function recropPhoto(u: TestUser, listingId: string, photoId: string, crop: Uint8Array): Promise<{ status: number; body: any }> {
  const body = new FormData();
  body.append('listingId', listingId);
  body.append('photoId', photoId);
  body.append('photo', jpegFile(crop));
  const res = await u.client.functions.invoke('listing-photo', { body });
  return { status: res.response!.status, body: res.error ? await res.response!.json() : res.data };
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

/** A report of the listing by a new user, open. */
async function report(listingId: string, reason = 'truffa') {
  const reporter = await makeUser();
  return expectOk<any>(await reporter.client.from('listing_reports').insert({ listing_id: listingId, reporter_id: reporter.id, reason }).select().single());
}
/** Staff uphold a report as the panel does: a plain update of its status. */
const uphold = async (reportId: string) => expectOk(await staff.client.from('listing_reports').update({ status: 'reviewed' }).eq('id', reportId).select());
const upheldOf = async (ownerId: string) => (await admin().from('upheld_reports').select('*').eq('owner_id', ownerId)).data!;
/** Whether the owner is trusted now: her next listing is public at once (approved) or waits. */
const nextListingStatus = async (u: TestUser) => (await makeListing(u, {}, true, false)).review_status as string;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

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
    const own = (await u.client.from('listings').select('review_status').eq('id', l.id).single()).data!;
    expect(own).toEqual({ review_status: 'pending' });
    const since = expectOk(await u.client.rpc('listing_private_fields', { p_ids: [l.id] })) as { review_submitted_at: string }[];
    expect(since.map((r) => r.review_submitted_at)).toEqual([l.review_submitted_at]);
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

  it('photos verified by staff make an advertiser trusted, until that listing is refused', async () => {
    const { u, l } = await newAdvertiserListing();
    const verified = await admin().from('listings').update({ photos_verified_at: new Date().toISOString() }).eq('id', l.id);
    expect(verified.error).toBeNull();
    expect((await makeListing(u, {}, true, false)).review_status).toBe('approved');
    // Refused: its verification no longer vouches for the owner (plant: drop `review_status <> 'rejected'`).
    const other = await makeUser({ credits: 10 });
    const { l: l2 } = { l: expectOk<any>(await other.client.rpc('create_listing', validListing)) };
    expectOk(await admin().from('listings').update({ photos_verified_at: new Date().toISOString() }).eq('id', l2.id).select());
    expectOk(await staff.client.rpc('decide_listing_review', { p_listing_id: l2.id, p_approve: false, p_reason: 'Foto non conformi' }));
    expect((await makeListing(other, {}, true, false)).review_status).toBe('pending');
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

describe('trust: an upheld report counts 30 days from the decision and outlives the listing', () => {
  it("'Rimuovi annuncio' upholds the listing's open reports before deleting it: the record (owner, title, who, when) stays and the owner waits", async () => {
    const u = await makeUser();
    const first = await makeListing(u, { p_title: 'Annuncio rimosso dallo staff' });
    expect(await nextListingStatus(u)).toBe('approved');
    const r = await report(first.id);
    expectOk(await staff.client.rpc('admin_delete_listing', { p_listing_id: first.id, p_reason: 'Truffa accertata' }));
    expect(await listingRow(first.id)).toBeNull();
    expect((await admin().from('listing_reports').select('id').eq('id', r.id)).data).toEqual([]); // cascaded away
    const [rec] = await upheldOf(u.id);
    expect(rec).toMatchObject({ report_id: r.id, listing_id: first.id, listing_title: 'Annuncio rimosso dallo staff', reason: 'truffa', decided_by: staff.id });
    expect(Date.now() - new Date(rec.decided_at).getTime()).toBeLessThan(60_000);
    // Staff read it; the owner does not.
    expect((await staff.client.from('upheld_reports').select('report_id').eq('owner_id', u.id)).data).toEqual([{ report_id: r.id }]);
    expect((await u.client.from('upheld_reports').select('report_id')).data).toEqual([]);
    expect(await nextListingStatus(u)).toBe('pending');
    // 30 days after the decision it no longer counts.
    expectOk(await admin().from('upheld_reports').update({ decided_at: ago(31 * DAY) }).eq('report_id', r.id).select());
    expect(await nextListingStatus(u)).toBe('approved');
  });

  it('the owner deleting the reported listing herself does not give the trust back', async () => {
    const u = await makeUser();
    const first = await makeListing(u);
    await makeListing(u); // still approved after the delete: only the upheld report can take the trust
    const r = await report(first.id, 'spam');
    await uphold(r.id);
    // The panel's plain update stamps who decided and when.
    const row = (await admin().from('listing_reports').select('reviewed_at, reviewed_by').eq('id', r.id).single()).data!;
    expect(row.reviewed_by).toBe(staff.id);
    expect(Date.now() - new Date(row.reviewed_at).getTime()).toBeLessThan(60_000);
    expectOk(await u.client.from('listings').delete().eq('id', first.id).select('id'));
    expect(await listingRow(first.id)).toBeNull();
    expect((await upheldOf(u.id)).map((x) => x.report_id)).toEqual([r.id]);
    expect(await nextListingStatus(u)).toBe('pending');
  });

  it('a report filed 40 days ago and upheld yesterday takes the trust away; one upheld 31 days ago does not; dismissed, none', async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    const r = await report(l.id);
    expectOk(await admin().from('listing_reports').update({ created_at: ago(40 * DAY) }).eq('id', r.id).select());
    await uphold(r.id);
    // Upheld now, though filed 40 days ago: the 30 days run from the decision.
    expect(await nextListingStatus(u)).toBe('pending');
    expectOk(await admin().from('listing_reports').update({ reviewed_at: ago(DAY) }).eq('id', r.id).select());
    expect((await upheldOf(u.id))[0]).toMatchObject({ reported_at: expect.any(String), decided_by: staff.id });
    expect(await nextListingStatus(u)).toBe('pending');
    expectOk(await admin().from('listing_reports').update({ reviewed_at: ago(31 * DAY) }).eq('id', r.id).select());
    expect(await nextListingStatus(u)).toBe('approved');
    // Dismissed after all: no longer held against her.
    expectOk(await staff.client.from('listing_reports').update({ status: 'dismissed' }).eq('id', r.id).select());
    expect(await upheldOf(u.id)).toEqual([]);
    expect(await nextListingStatus(u)).toBe('approved');
  });

  it("a listing still waiting for review is no trust: a new advertiser's second listing, made while the first waits, waits too", async () => {
    const { u, l } = await newAdvertiserListing();
    expect(l.review_status).toBe('pending');
    expect(await nextListingStatus(u)).toBe('pending');
  });
});

describe('edits', () => {
  it("a trusted advertiser's text edit stays public; an untrusted owner's edit goes back to review", async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    expectOk(await u.client.from('listings').update({ title: 'Un titolo nuovo e diverso' }).eq('id', l.id).select('id'));
    expect((await listingRow(l.id))!.review_status).toBe('approved');

    // An upheld report: no longer trusted, so the next edit waits for staff.
    const reporter = await makeUser();
    const report = expectOk<any>(await reporter.client.from('listing_reports').insert({ listing_id: l.id, reporter_id: reporter.id, reason: 'spam' }).select().single());
    expectOk(await staff.client.from('listing_reports').update({ status: 'reviewed' }).eq('id', report.id).select());
    expectOk(await u.client.from('listings').update({ description: 'Una descrizione cambiata dopo la segnalazione.' }).eq('id', l.id).select('id'));
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

describe("an untrusted owner's edit of any content column goes back to review", () => {
  it('age, city, category, rate and services each send the approved listing back', async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    await uphold((await report(l.id)).id);
    const changes: Record<string, unknown>[] = [
      { age: 31 }, { city: city('Altrove') }, { category: 'trans' }, { hourly_rate: 220 }, { offered_services: ['massaggio-tantrico'] },
    ];
    for (const change of changes) {
      await approveAsStaff(l.id);
      expectOk(await u.client.from('listings').update(change).eq('id', l.id).select('id'));
      expect([Object.keys(change)[0], (await listingRow(l.id))!.review_status]).toEqual([Object.keys(change)[0], 'pending']);
    }
  });
});

describe('a refused listing stays refused', () => {
  it("an owner's edit that trips a hold (a screened term, a duplicate photo) keeps it refused, the reason recorded; only staff reopen it", async () => {
    const { u, l } = await newAdvertiserListing();
    expectOk(await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: false, p_reason: 'Testo non conforme' }));
    expectOk(await u.client.from('listings').update({ description: 'Sono appena arrivata in città e sono senza documenti, chiamami.' }).eq('id', l.id).select('id'));
    expect((await listingRow(l.id))!.review_status).toBe('rejected');
    expect((await holds(l.id, true)).map((h) => h.reason)).toEqual(['screened_term']);
    const other = await makeUser();
    const otherListing = await makeListing(other);
    const theirs = await addPhoto(other.id, otherListing.id);
    expectOk(await admin().rpc('record_photo_hash', { p_photo_id: theirs.id, p_hashes: { crop: '0f0f0f0f0f0f0f0f' } }));
    const mine = await addPhoto(u.id, l.id);
    expect(expectOk<any>(await admin().rpc('record_photo_hash', { p_photo_id: mine.id, p_hashes: { crop: '0f0f0f0f0f0f0f0f' } }))).toMatchObject({ review_status: 'rejected', distance: 0 });
    expect(await detail(l.id)).toBe('missing');

    // The owner cannot reopen it; staff can, and it waits again with the reasons recorded meanwhile.
    expectError(await u.client.rpc('reopen_listing_review', { p_listing_id: l.id }), /./, '42501');
    expect((await listingRow(l.id))!.review_status).toBe('rejected');
    const reopened = expectOk<any>(await staff.client.rpc('reopen_listing_review', { p_listing_id: l.id, p_reason: 'Contestazione accolta' }));
    expect(reopened.review_status).toBe('pending');
    const item = (expectOk(await staff.client.rpc('review_queue')) as any[]).find((q) => q.id === l.id);
    expect(item.reasons.map((r: any) => r.reason)).toEqual(['screened_term', 'duplicate_photo']);
    const { data: told } = await admin().from('admin_notifications').select('type').eq('user_id', u.id).eq('type', 'listing_reopened');
    expect(told).toHaveLength(1);
    expectError(await staff.client.rpc('reopen_listing_review', { p_listing_id: l.id }), 'Solo un annuncio rifiutato può tornare in revisione.', 'P0001');
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
    expectOk(await u.client.from('listings').update({ title: 'Titolo corretto dopo il rifiuto' }).eq('id', l.id).select('id'));
    expect((await listingRow(l.id))!.review_status).toBe('rejected');
  });
});

describe("a refusal refunds what was charged for time the listing never spent public, once", () => {
  const refunds = async (listingId: string) =>
    (await admin().from('credit_transactions').select('amount').eq('listing_id', listingId).eq('type', 'listing_refund').order('created_at')).data!.map((t) => t.amount);
  const refuse = async (id: string) =>
    expectOk<any>(await staff.client.rpc('decide_listing_review', { p_listing_id: id, p_approve: false, p_reason: 'Annuncio non conforme' }));

  it('created and renewed twice, public 40 days, then held and refused: only the period it never reached comes back', async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    await setCredits(u.id, 20);
    expectOk(await u.client.rpc('renew_listing', { p_listing_id: l.id }));
    expectOk(await u.client.rpc('renew_listing', { p_listing_id: l.id }));
    expect(await credits(u.id)).toBe(0);
    // 40 of its 90 paid days spent public; then an upheld report and an edit hold it.
    await travel(l.id, 40 * DAY);
    await uphold((await report(l.id)).id);
    expectOk(await u.client.from('listings').update({ title: 'Titolo cambiato dopo quaranta giorni' }).eq('id', l.id).select('id'));
    expect((await listingRow(l.id))!.review_status).toBe('pending');
    await refuse(l.id);
    // 50 days left: one whole period (the last renewal) never public; the creation and first renewal were.
    expect(await refunds(l.id)).toEqual([10]);
    expect(await credits(u.id)).toBe(10);
  });

  it('never public, renewed twice while waiting: all 30 back; held again after a reopen and refused again: nothing more', async () => {
    const { u, l } = await newAdvertiserListing();
    await setCredits(u.id, 20);
    expectOk(await u.client.rpc('renew_listing', { p_listing_id: l.id }));
    expectOk(await u.client.rpc('renew_listing', { p_listing_id: l.id }));
    await refuse(l.id);
    expect(await refunds(l.id)).toEqual([30]);
    expect(await credits(u.id)).toBe(30);
    expectOk(await staff.client.rpc('reopen_listing_review', { p_listing_id: l.id }));
    await refuse(l.id);
    expect(await refunds(l.id)).toEqual([30]);
    expect(await credits(u.id)).toBe(30);
    const { data: told } = await admin().from('admin_notifications').select('message').eq('user_id', u.id).eq('type', 'listing_rejected').order('created_at');
    expect(told!.map((n) => /Ti abbiamo restituito/.test(n.message))).toEqual([true, false]);
  });
});

describe('a waiting or refused listing cannot be promoted, renewed automatically, made available now or paused', () => {
  const waiting = {
    promote: "L'annuncio è in revisione: potrai promuoverlo dopo l'approvazione.",
    auto_renew: "L'annuncio è in revisione: potrai attivare il rinnovo automatico dopo l'approvazione.",
    available_now: 'L\'annuncio è in revisione: potrai usare "Disponibile ora" dopo l\'approvazione.',
    pause: "L'annuncio è in revisione: potrai metterlo in pausa dopo l'approvazione.",
  };
  const refused = {
    promote: "L'annuncio è stato rifiutato: non puoi promuoverlo, ma puoi contestare la decisione scrivendo al supporto.",
    auto_renew: "L'annuncio è stato rifiutato: non puoi attivare il rinnovo automatico, ma puoi contestare la decisione scrivendo al supporto.",
    available_now: 'L\'annuncio è stato rifiutato: non puoi usare "Disponibile ora", ma puoi contestare la decisione scrivendo al supporto.',
    pause: "L'annuncio è stato rifiutato: non puoi metterlo in pausa, ma puoi contestare la decisione scrivendo al supporto.",
  };
  type Action = keyof typeof waiting;
  const call = (u: TestUser, id: string, action: Action) => {
    switch (action) {
      case 'promote': return u.client.rpc('promote_listing', { p_listing_id: id, p_mode: 'day', p_days: 1 });
      case 'auto_renew': return u.client.rpc('set_auto_renew', { p_listing_id: id, p_on: true });
      case 'available_now': return u.client.rpc('set_available_now', { p_listing_id: id, p_on: true });
      default: return u.client.rpc('pause_listing', { p_listing_id: id });
    }
  };
  /** The owner's call is refused with the sentence and the detail; nothing was charged or changed. */
  async function refusedCall(u: TestUser, id: string, action: Action, message: string, detailCode: string) {
    const before = await listingRow(id);
    await setCredits(u.id, 100);
    const res = await call(u, id, action);
    expectError(res, message, 'P0001');
    expect(res.error!.details).toBe(detailCode);
    expect(await credits(u.id)).toBe(100);
    const after = (await listingRow(id))!;
    for (const k of ['is_premium', 'auto_renew', 'available_until', 'is_paused', 'expires_at']) expect([k, after[k]]).toEqual([k, before![k]]);
  }

  for (const action of Object.keys(waiting) as Action[]) {
    it(`${action}: refused while the listing waits and once it is refused`, async () => {
      const { u, l } = await newAdvertiserListing();
      await refusedCall(u, l.id, action, waiting[action], 'listing_under_review');
      await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: false, p_reason: 'Annuncio non conforme' });
      await refusedCall(u, l.id, action, refused[action], 'listing_rejected');
      // Approved (after a reopen), the same call goes through.
      expectOk(await staff.client.rpc('reopen_listing_review', { p_listing_id: l.id }));
      expectOk(await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: true }));
      await setCredits(u.id, 100);
      expectOk(await call(u, l.id, action));
    });
  }

  it('switching off stays allowed; a refused listing is not renewed by hand; the job never renews a waiting or refused one', async () => {
    const { u, l } = await newAdvertiserListing();
    expectOk(await u.client.rpc('set_auto_renew', { p_listing_id: l.id, p_on: false }));
    expectOk(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: false }));
    // Switched on before it was held (service role): the job passes it over.
    const soon = new Date(Date.now() + 5 * 60_000).toISOString();
    expectOk(await admin().from('listings').update({ auto_renew: true, expires_at: soon }).eq('id', l.id).select());
    await setCredits(u.id, 100);
    await admin().rpc('expire_listings', {});
    expect(await credits(u.id)).toBe(100);
    expect(new Date((await listingRow(l.id))!.expires_at).getTime()).toBe(new Date(soon).getTime());
    await staff.client.rpc('decide_listing_review', { p_listing_id: l.id, p_approve: false, p_reason: 'Annuncio non conforme' });
    const afterRefund = await credits(u.id);
    await admin().rpc('expire_listings', {});
    expect(await credits(u.id)).toBe(afterRefund);
    const res = await u.client.rpc('renew_listing', { p_listing_id: l.id });
    expectError(res, "L'annuncio è stato rifiutato: non puoi rinnovarlo, ma puoi contestare la decisione scrivendo al supporto.", 'P0001');
    expect(res.error!.details).toBe('listing_rejected');
    expect(await credits(u.id)).toBe(afterRefund);
  });
});

describe('the distance rule (record_photo_hash as the upload function calls it)', () => {
  /** A hash `bits` bits away from `base` (the lowest bits flipped). */
  const flip = (base: string, bits: number) => (BigInt(`0x${base}`) ^ ((1n << BigInt(bits)) - 1n)).toString(16).padStart(16, '0');
  const record = async (photoId: string, hash: string) => expectOk<any>(await admin().rpc('record_photo_hash', { p_photo_id: photoId, p_hashes: { crop: hash } }));
  /** `base` with the given bits flipped (bit 0 the lowest). */
  const flipBits = (base: string, bits: number[]) => bits.reduce((x, b) => x ^ (1n << BigInt(b)), BigInt(`0x${base}`)).toString(16).padStart(16, '0');

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
    expectError(await admin().rpc('record_photo_hash', { p_photo_id: own.id, p_hashes: { crop: 'xyz' } }), 'Impronta della foto non valida.', 'P0001');
    expectError(await admin().rpc('record_photo_hash', { p_photo_id: own.id, p_hashes: { thumbnail: base } }), 'Impronta della foto non valida.', 'P0001');
    expectError(await admin().rpc('record_photo_hash', { p_photo_id: own.id, p_hashes: { mirror: base } }), 'Impronta della foto non valida.', 'P0001');
  });

  // Issue 42 item 5: each band is probed with its neighbours (radius 2 on three bands: every
  // copy within 8 bits), so a copy whose differing bits fall in every band is found too. The
  // bits below are spread over all three bands (and over the five 13-bit ranges of the old
  // split): two or three per band, none of them equal; then one bit in every band (3 away) and
  // 1/3/4 (8 away), which only a band's one-bit neighbours find.
  it('finds a copy 3, 6 or 8 bits away whose differing bits are spread over every band', async () => {
    const base = '3c5a96e10f7b28d4';
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    const la = await makeListing(a);
    const pa = await addPhoto(a.id, la.id);
    expect(await record(pa.id, base)).toEqual({ review_status: 'approved', distance: null });
    for (const bits of [[5, 16, 27, 38, 49, 60], [3, 11, 19, 27, 35, 43, 51, 59], [10, 30, 50], [2, 8, 14, 20, 25, 30, 35, 60]]) {
      const lb = await makeListing(b);
      const copy = await addPhoto(b.id, lb.id);
      expect(await record(copy.id, flipBits(base, bits))).toEqual({ review_status: 'pending', distance: bits.length });
    }
  });

  it('compares every variant pair: a stored mirror or inner crop matches a new crop, a new inner crop a stored crop', async () => {
    const [a, b] = await Promise.all([makeUser(), makeUser()]);
    const la = await makeListing(a);
    const pa = await addPhoto(a.id, la.id);
    const random = () => Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
    const stored = { crop: random(), mirror: random(), inner90: random(), inner80: random(), original: random() };
    expect(expectOk<any>(await admin().rpc('record_photo_hash', { p_photo_id: pa.id, p_hashes: stored })).review_status).toBe('approved');
    const other = (_: number) => ({ crop: random(), mirror: random(), inner90: random(), inner80: random() });
    const cases: [Record<string, string>, string, string][] = [
      [{ ...other(1), crop: stored.mirror }, 'crop', 'mirror'],
      [{ ...other(2), crop: stored.inner80 }, 'crop', 'inner80'],
      [{ ...other(3), inner90: stored.crop }, 'inner90', 'crop'],
      [{ ...other(4), original: stored.crop }, 'original', 'crop'],
    ];
    for (const [hashes, variant, otherVariant] of cases) {
      const lb = await makeListing(b);
      const copy = await addPhoto(b.id, lb.id);
      expect(expectOk<any>(await admin().rpc('record_photo_hash', { p_photo_id: copy.id, p_hashes: hashes })).review_status).toBe('pending');
      const [hold] = await holds(lb.id, true);
      expect(hold.details.matches[0]).toMatchObject({ other_photo_id: pa.id, distance: 0, variant, other_variant: otherVariant });
    }
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

  // Issue 40: the edits a thief makes to escape a plain pHash, each caught by a variant pair.
  // The picture is one whose plain crop hash puts each of these copies beyond the threshold
  // (10 bits for the 5 % crop and the borders, 20 for the 10 % crop, 30 for the mirror).
  describe("what a thief changes: another account's photo", () => {
    let picture: Uint8Array;
    let photoId: string;
    beforeAll(async () => {
      picture = (await sources(7))[6]!;
      const l = await makeListing(giulia);
      const up = await uploadPhoto(giulia, l.id, picture);
      expect(up.body.review_status).toBe('approved');
      photoId = up.body.photo.id;
    }, 120_000);

    const edits: [string, (img: ReturnType<typeof sharp>, w: number, h: number) => ReturnType<typeof sharp>][] = [
      ['mirrored', (img) => img.flop()],
      ['cropped by 5 % of each side', (img, w, h) => img.extract({ left: Math.round(w * 0.05), top: Math.round(h * 0.05), width: Math.round(w * 0.9), height: Math.round(h * 0.9) })],
      ['cropped by 10 % of each side', (img, w, h) => img.extract({ left: Math.round(w * 0.1), top: Math.round(h * 0.1), width: Math.round(w * 0.8), height: Math.round(h * 0.8) })],
      ['framed by a 5 % white border', (img, w, h) => img.extend({ top: Math.round(h * 0.05), bottom: Math.round(h * 0.05), left: Math.round(w * 0.05), right: Math.round(w * 0.05), background: '#ffffff' })],
      ['framed by a 5 % black border', (img, w, h) => img.extend({ top: Math.round(h * 0.05), bottom: Math.round(h * 0.05), left: Math.round(w * 0.05), right: Math.round(w * 0.05), background: '#000000' })],
    ];
    for (const [name, edit] of edits)
      it(`a copy ${name} holds the listing`, async () => {
        const { width = 800, height = 1000 } = await sharp(picture).metadata();
        const copy = new Uint8Array(await edit(sharp(picture), width, height).jpeg({ quality: 80 }).toBuffer());
        const l = await makeListing(marco, {}, true, false);
        const up = await uploadPhoto(marco, l.id, copy);
        expect(up.body.review_status).toBe('pending');
        const [hold] = await holds(l.id, true);
        expect(hold.details.matches[0]).toMatchObject({ other_photo_id: photoId });
      }, 60_000);
  });

  it("another account's photo sent as the original of a new crop holds the listing, however the crop is cut", async () => {
    const part = new Uint8Array(await sharp(original).extract({ left: 0, top: 0, width: 400, height: 500 }).resize(800).jpeg({ quality: 85 }).toBuffer());
    const l = await makeListing(marco, {}, true, false);
    const body = new FormData();
    body.append('listingId', l.id);
    body.append('photo', jpegFile(part));
    body.append('original', jpegFile(new Uint8Array(await sharp(original).resize(700).jpeg({ quality: 80 }).toBuffer())));
    const res = await marco.client.functions.invoke('listing-photo', { body });
    expect(res.data.review_status).toBe('pending');
    const [hold] = await holds(l.id, true);
    expect(hold.details.matches[0]).toMatchObject({ other_photo_id: giuliaPhoto, variant: 'original', other_variant: 'crop' });
  }, 60_000);

  it('a copy of a picture whose grey levels are flat holds the listing (its colours are hashed)', async () => {
    const picture = await flatLumaJpeg(3, 400, 500);
    expect((await uploadPhoto(giulia, giuliaListing.id, picture)).body.review_status).toBe('approved');
    const l = await makeListing(marco, {}, true, false);
    const copy = new Uint8Array(await sharp(picture).resize(300).jpeg({ quality: 70 }).toBuffer());
    expect((await uploadPhoto(marco, l.id, copy)).body.review_status).toBe('pending');
    expect((await holds(l.id, true))[0].reason).toBe('duplicate_photo');
  }, 60_000);

  it("the first public owner wins: a copy on a refused listing holds nothing, and the owner's re-crop and re-use stay public", async () => {
    const [victim, thief] = await Promise.all([makeUser(), makeUser()]);
    const picture = (await sources(8))[7]!;
    const own = await makeListing(victim);
    await makeListing(thief); // trusted: only the photo can hold
    const first = await uploadPhoto(victim, own.id, picture);
    expect(first.body.review_status).toBe('approved');
    // The thief's copy holds the thief's listing; staff refuse it.
    const stolen = await makeListing(thief, {}, true, false);
    expect((await uploadPhoto(thief, stolen.id, new Uint8Array(await sharp(picture).resize(600).jpeg({ quality: 70 }).toBuffer()))).body.review_status).toBe('pending');
    expectOk(await staff.client.rpc('decide_listing_review', { p_listing_id: stolen.id, p_approve: false, p_reason: 'Foto copiata da un altro annuncio.' }));
    expect((await listingRow(stolen.id))!.review_status).toBe('rejected');
    // Her own re-crop, and the photo again on a new listing of hers: still public.
    const recrop = new Uint8Array(await sharp(picture).extract({ left: 20, top: 25, width: 760, height: 950 }).jpeg({ quality: 85 }).toBuffer());
    const again = await recropPhoto(victim, own.id, first.body.photo.id, recrop);
    expect(again.status).toBe(200);
    expect(again.body.review_status).toBe('approved');
    const second = await makeListing(victim, {}, true, false);
    expect((await uploadPhoto(victim, second.id, recrop)).body.review_status).toBe('approved');
    expect((await holds(own.id, true))).toEqual([]);
    expect((await holds(second.id, true))).toEqual([]);
    // A third account's upload is held by the victim's photo, not by the thief's refused copy (a
    // photo on a listing that never was public: the next test).
    const third = await makeUser();
    await makeListing(third);
    const l3 = await makeListing(third, {}, true, false);
    expect((await uploadPhoto(third, l3.id, new Uint8Array(await sharp(picture).resize(500).jpeg({ quality: 60 }).toBuffer()))).body.review_status).toBe('pending');
    const [hold] = await holds(l3.id, true);
    expect(hold.reason).toBe('duplicate_photo');
    expect(new Set(hold.details.matches.map((m: any) => m.other_listing_id))).toEqual(new Set([own.id]));
  }, 120_000);

  it('a photo on a listing that was never public holds no copy of it', async () => {
    const [newcomer, other] = await Promise.all([makeUser(), makeUser()]);
    // A picture of its own (seeded noise, enlarged): no other test's photo is near it.
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256;
    const raw = Buffer.from(Array.from({ length: 16 * 20 * 3 }, next));
    const picture = await sharp(raw, { raw: { width: 16, height: 20, channels: 3 } }).resize(800, 1000).jpeg({ quality: 90 }).toBuffer();
    const waiting = await makeListing(newcomer, {}, true, false);
    expect(waiting.review_status).toBe('pending');
    expect((await uploadPhoto(newcomer, waiting.id, new Uint8Array(picture))).status).toBe(201);
    await makeListing(other); // trusted: only the photo can hold
    const l = await makeListing(other, {}, true, false);
    const copy = await uploadPhoto(other, l.id, new Uint8Array(await sharp(picture).resize(600).jpeg({ quality: 70 }).toBuffer()));
    expect(copy.body.review_status).toBe('approved');
    expect(await holds(l.id, true)).toEqual([]);
  }, 120_000);

  it("a copy staff let through later does not hold the owner's own earlier photo when she re-crops it", async () => {
    const [victim, other] = await Promise.all([makeUser(), makeUser()]);
    const picture = (await sources(10))[9]!;
    const own = await makeListing(victim);
    const first = await uploadPhoto(victim, own.id, picture);
    await makeListing(other);
    const later = await makeListing(other, {}, true, false);
    expect((await uploadPhoto(other, later.id, new Uint8Array(await sharp(picture).resize(640).jpeg({ quality: 75 }).toBuffer()))).body.review_status).toBe('pending');
    expectOk(await staff.client.rpc('decide_listing_review', { p_listing_id: later.id, p_approve: true }));
    expect((await listingRow(later.id))!.review_status).toBe('approved');
    const recrop = new Uint8Array(await sharp(picture).extract({ left: 16, top: 20, width: 768, height: 960 }).jpeg({ quality: 85 }).toBuffer());
    expect((await recropPhoto(victim, own.id, first.body.photo.id, recrop)).body.review_status).toBe('approved');
    expect((await listingRow(own.id))!.review_status).toBe('approved');
  }, 120_000);

  it('no visitor, owner or other user reads a hash; staff do', async () => {
    expect((await client().from('listing_photo_hashes').select('phash')).error).not.toBeNull();
    expect((await giulia.client.from('listing_photo_hashes').select('phash').eq('photo_id', giuliaPhoto)).data).toEqual([]);
    expect((await staff.client.from('listing_photo_hashes').select('photo_id').eq('photo_id', giuliaPhoto).eq('variant', 'crop')).data).toEqual([{ photo_id: giuliaPhoto }]);
    // The API refuses a hash from anyone but the upload function (service role).
    expectError(await giulia.client.rpc('record_photo_hash', { p_photo_id: giuliaPhoto, p_hashes: { crop: '0000000000000000' } }), /./, '42501');
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
