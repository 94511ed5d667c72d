/**
 * Anti-trafficking and minors screening (issue 26, part 4): the admin's lists in settings,
 * matched case- and accent-insensitively on whole words over title and description; a minor
 * term refuses the listing, a risk signal holds it for review with the matched terms; urgent
 * reports come first in the staff queue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, expectError, expectOk, listingRow } from '../support/db.ts';
import { makeListing, makeUser, validListing, type TestUser } from '../support/factories.ts';

const MINOR = /^L'annuncio non può essere pubblicato: contiene «(.+)», che fa pensare a una persona minorenne\. Sul sito sono ammessi solo annunci di persone maggiorenni\.$/;
const screen = async (title: string, description: string) =>
  expectOk(await admin().rpc('screen_listing_text', { p_title: title, p_description: description })) as { verdict: string; terms: string[] };

let owner: TestUser;
let adminUser: TestUser;

beforeAll(async () => {
  [owner, adminUser] = await Promise.all([makeUser({ credits: 500 }), makeUser({ role: 'admin' })]);
});

describe('screen_listing_text', () => {
  it('matches whole words, whatever the case and the accents', async () => {
    expect(await screen('Bella RAGAZZÌNA', 'descrizione')).toEqual({ verdict: 'refuse', terms: ['ragazzina'] });
    expect(await screen('Ciao', 'Ho 17-anni e tanta voglia')).toEqual({ verdict: 'hold', terms: ['età: 17 anni'] });
    expect(await screen('Ciao', 'Ho 117 anni di esperienza, ragazzinaccia no')).toEqual({ verdict: 'ok', terms: [] });
    expect(await screen('Appena arrivata a Roma', 'Bella e solare')).toEqual({ verdict: 'ok', terms: [] });
    expect(await screen('Appena arrivata a Roma', 'Sono SENZA documenti')).toEqual({ verdict: 'hold', terms: ['appena arrivata + senza documenti'] });
  });

  it('reads the lists the admin edits in Impostazioni; visitors and users do not read them', async () => {
    const { data: list } = await adminUser.client.from('settings').select('value').eq('key', 'screening_minor_terms').single();
    expect(list!.value).toContain('minorenne');
    for (const c of [client(), owner.client]) {
      const { data, error } = await c.from('settings').select('key').in('key', ['screening_minor_terms', 'screening_risk_patterns', 'screening_max_cities_per_day']);
      expect(error).toBeNull();
      expect(data).toEqual([]);
      expect(((await c.from('settings').select('key')).data ?? []).length).toBeGreaterThan(3);
    }
    const old = list!.value as string[];
    expectOk(await adminUser.client.from('settings').update({ value: [...old, 'cucciola'] }).eq('key', 'screening_minor_terms').select('key').single());
    try {
      expect(await screen('Cucciola dolce', 'descrizione')).toMatchObject({ verdict: 'refuse', terms: ['cucciola'] });
    } finally {
      expectOk(await adminUser.client.from('settings').update({ value: old }).eq('key', 'screening_minor_terms').select('key').single());
    }
    expect((await owner.client.from('settings').update({ value: [] }).eq('key', 'screening_minor_terms').select('key')).data).toEqual([]);
  });
});

describe('a listing that signals a minor', () => {
  it('is refused on creation with a clear Italian message, and nothing is charged', async () => {
    const before = (await admin().from('profiles').select('credits').eq('id', owner.id).single()).data!.credits;
    const res = await owner.client.rpc('create_listing', { ...validListing, p_description: 'Scolaretta timida, chiamami per un incontro speciale.' });
    expectError(res, MINOR);
    expect(res.error!.message).toContain('«scolaretta»');
    expect((await admin().from('profiles').select('credits').eq('id', owner.id).single()).data!.credits).toBe(before);
  });

  it('is refused on edit, and the listing keeps its text', async () => {
    const l = await makeListing(owner);
    const res = await owner.client.from('listings').update({ title: 'Minorenne in città' }).eq('id', l.id).select('id');
    expectError(res, MINOR);
    expect((await listingRow(l.id))!.title).toBe(l.title);
  });
});

describe('a listing with a trafficking risk signal', () => {
  const holdsOf = async (id: string) =>
    ((await admin().from('listing_review_holds').select('reason, details').eq('listing_id', id)).data ?? []) as { reason: string; details: { terms: string[] } }[];

  it('is held for review with the matched terms for staff', async () => {
    // Not approved by the factory: the hold is the screening's.
    const l = await makeListing(owner, { p_title: 'Appena arrivata in città', p_description: 'Senza documenti, chiamami quando vuoi per conoscerci.' }, true, false);
    expect((await listingRow(l.id))!.review_status).toBe('pending');
    const holds = await holdsOf(l.id);
    expect(holds.filter((h) => h.reason === 'screened_term')).toEqual([{ reason: 'screened_term', details: { terms: ['appena arrivata + senza documenti'] } }]);
  });

  it('a phone number that is not the advertiser’s own holds it; their own does not', async () => {
    const phoned = await makeUser({ credits: 100, metadata: { phone: '+39 333 1234567' } });
    const own = await makeListing(phoned, { p_description: 'Chiamami al 333 123 4567, rispondo sempre con piacere.' }, true, false);
    expect((await holdsOf(own.id)).filter((h) => h.reason === 'screened_term')).toEqual([]);
    const third = await makeListing(phoned, { p_description: 'Prenota al +39 347 765 4321, risponde la mia amica.' }, true, false);
    expect((await holdsOf(third.id)).find((h) => h.reason === 'screened_term')!.details.terms).toEqual(['telefono di terzi: 3477654321']);
  });

  it('more than three cities in a day hold the fourth', async () => {
    const u = await makeUser({ credits: 100 });
    const ids = [];
    for (const city of ['Milano', 'Roma', 'Napoli', 'Torino']) ids.push((await makeListing(u, { p_city: city }, true, false)).id as string);
    expect((await holdsOf(ids[2]!)).filter((h) => h.reason === 'screened_term')).toEqual([]);
    expect((await holdsOf(ids[3]!)).find((h) => h.reason === 'screened_term')!.details.terms).toEqual(['4 città in 24 ore']);
  });

  it('cities count only within 24 hours: three a week ago and a fourth today hold nothing', async () => {
    const u = await makeUser({ credits: 100 });
    const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString();
    for (const city of ['Milano', 'Roma', 'Napoli']) {
      const old = await makeListing(u, { p_city: city }, true, false);
      expectOk(await admin().from('listings').update({ created_at: weekAgo }).eq('id', old.id).select('id'));
    }
    const today = (await makeListing(u, { p_city: 'Torino' }, true, false)).id as string;
    expect((await holdsOf(today)).filter((h) => h.reason === 'screened_term')).toEqual([]);
  });

  it('an edit that moves a listing to a fourth city holds it too', async () => {
    const u = await makeUser({ credits: 100 });
    for (const city of ['Milano', 'Roma', 'Napoli']) await makeListing(u, { p_city: city }, true, false);
    const moved = (await makeListing(u, { p_city: 'Milano' }, true, false)).id as string;
    expect((await holdsOf(moved)).filter((h) => h.reason === 'screened_term')).toEqual([]);
    expectOk(await u.client.from('listings').update({ city: 'Torino' }).eq('id', moved).select('id'));
    expect((await holdsOf(moved)).find((h) => h.reason === 'screened_term')!.details.terms).toEqual(['4 città in 24 ore']);
  });

  it('an unchanged edit of other columns does not screen again', async () => {
    const l = await makeListing(owner);
    expectOk(await admin().from('listings').update({ review_status: 'approved' }).eq('id', l.id));
    expectOk(await owner.client.from('listings').update({ age: 30 }).eq('id', l.id));
    expect((await holdsOf(l.id)).filter((h) => h.reason === 'screened_term')).toEqual([]);
  });
});

describe('urgent reports', () => {
  const created: string[] = [];
  afterAll(async () => {
    if (created.length) await admin().from('listing_reports').delete().in('id', created);
  });

  it('"Minori o tratta di persone" comes first in the open queue, tells staff it is urgent', async () => {
    const reporter = await makeUser();
    const [a, b] = [await makeListing(owner), await makeListing(owner)];
    const urgent = expectOk(await reporter.client.from('listing_reports').insert({ listing_id: a.id, reporter_id: reporter.id, reason: 'minorenne' }).select('id, urgent').single()) as { id: string; urgent: boolean };
    const later = expectOk(await reporter.client.from('listing_reports').insert({ listing_id: b.id, reporter_id: reporter.id, reason: 'spam' }).select('id, urgent').single()) as { id: string; urgent: boolean };
    created.push(urgent.id, later.id);
    expect([urgent.urgent, later.urgent]).toEqual([true, false]);
    const { data: queue } = await adminUser.client.from('listing_reports').select('id').eq('status', 'open').order('urgent', { ascending: false }).order('created_at', { ascending: false });
    expect(queue![0]!.id).toBe(urgent.id);
    const { data: note } = await adminUser.client.from('admin_notifications').select('message').eq('entity_id', urgent.id).single();
    expect(note!.message).toMatch(/^URGENTE – Nuova segnalazione: Minori o tratta di persone, annuncio "/);
  });
});
