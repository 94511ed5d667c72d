/**
 * Screening whatever the spelling (issue 40): the case file (screening-cases.json: spellings
 * that must be caught, ordinary Italian listing texts that must pass) through the real SQL;
 * every visible text (zone and city too) screened on insert and on every edit, an approved
 * listing's edit included; the third-party phone check on '347/1234567' and on digits split
 * by a zero-width character.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, expectError, expectOk, listingRow } from '../support/db.ts';
import { makeListing, makeUser, validListing, type TestUser } from '../support/factories.ts';

type Fields = { title?: string; description?: string; zone?: string; city?: string };
type Verdict = { verdict: 'ok' | 'refuse' | 'hold'; terms: string[] };
const cases = JSON.parse(readFileSync(new URL('./screening-cases.json', import.meta.url), 'utf8')) as {
  must_catch: { fields: Fields; expect: 'refuse' | 'hold'; match: string; why: string }[];
  must_pass: { fields: Fields }[];
};

const MINOR = /^L'annuncio non può essere pubblicato: contiene «(.+)», che fa pensare a una persona minorenne\. Sul sito sono ammessi solo annunci di persone maggiorenni\.$/;

/** The texts of an ordinary listing, the case's fields in their place. */
const screen = async (f: Fields) =>
  expectOk(await admin().rpc('screen_listing_text', {
    p_title: f.title ?? validListing.p_title,
    p_description: f.description ?? validListing.p_description,
    p_zone: f.zone ?? validListing.p_zone,
    p_city: f.city ?? validListing.p_city,
  })) as Verdict;

const holdsOf = async (id: string) =>
  ((await admin().from('listing_review_holds').select('reason, details').eq('listing_id', id).is('resolved_at', null)).data ?? []) as
    { reason: string; details: { terms: string[] } }[];
const screenedTerms = async (id: string) => (await holdsOf(id)).find((h) => h.reason === 'screened_term')?.details.terms ?? [];

describe('the case file', () => {
  it('has at least 60 spellings to catch and 60 ordinary texts to pass', () => {
    expect(cases.must_catch.length).toBeGreaterThanOrEqual(60);
    expect(cases.must_pass.length).toBeGreaterThanOrEqual(60);
  });

  it('catches every spelling, with the verdict and the match it names', async () => {
    const missed: string[] = [];
    for (const c of cases.must_catch) {
      const v = await screen(c.fields);
      if (v.verdict !== c.expect || !v.terms.includes(c.match)) missed.push(`${c.why}: ${JSON.stringify(c.fields)} → ${JSON.stringify(v)}`);
    }
    expect(missed).toEqual([]);
  });

  it('lets every ordinary listing text through', async () => {
    const stopped: string[] = [];
    for (const c of cases.must_pass) {
      const v = await screen(c.fields);
      if (v.verdict !== 'ok') stopped.push(`${JSON.stringify(c.fields)} → ${JSON.stringify(v)}`);
    }
    expect(stopped).toEqual([]);
  });
});

describe('every visible text, on insert and on every edit', () => {
  let owner: TestUser;
  beforeAll(async () => {
    owner = await makeUser({ credits: 500 });
    await makeListing(owner); // approved: the owner is trusted, so only the screening holds
  });

  it('an age under 18 in the zone holds the new listing, the match shown to staff', async () => {
    const l = await makeListing(owner, { p_zone: 'sedicenne' }, true, false);
    expect((await listingRow(l.id))!.review_status).toBe('pending');
    expect(await screenedTerms(l.id)).toEqual(['età: sedicenne']);
  });

  it("'appena arrivata' in the zone and 'senza documenti' in the description hold it", async () => {
    const l = await makeListing(owner, { p_zone: 'Appena arrivata', p_description: 'Senza documenti, chiamami quando vuoi per conoscerci.' }, true, false);
    expect((await listingRow(l.id))!.review_status).toBe('pending');
    expect(await screenedTerms(l.id)).toEqual(['appena arrivata + senza documenti']);
  });

  it('a minor term in the city or the zone refuses the listing; an edit of the zone to one is refused, the text kept', async () => {
    expectError(await owner.client.rpc('create_listing', { ...validListing, p_city: 'Ragazzina' }), MINOR);
    expectError(await owner.client.rpc('create_listing', { ...validListing, p_zone: 'r\u0430gazzina' }), MINOR);
    const l = await makeListing(owner);
    expectError(await owner.client.from('listings').update({ zone: 'm.i.n.o.r.e.n.n.e' }).eq('id', l.id).select('id'), MINOR);
    expect((await listingRow(l.id))!.zone).toBe(validListing.p_zone);
  });

  it('an edit after approval is screened too: the approved listing goes back to review', async () => {
    const l = await makeListing(owner, { p_description: 'Senza documenti ma con tanta voglia di conoscerti.' });
    expect((await listingRow(l.id))!.review_status).toBe('approved');
    expectOk(await owner.client.from('listings').update({ zone: 'Appena\u200b arrivata' }).eq('id', l.id).select('id'));
    expect((await listingRow(l.id))!.review_status).toBe('pending');
    expect(await screenedTerms(l.id)).toEqual(['appena arrivata + senza documenti']);

    const aged = await makeListing(owner);
    expectOk(await owner.client.from('listings').update({ description: 'Dolcissima 16enne, chiamami per conoscerci.' }).eq('id', aged.id).select('id'));
    expect((await listingRow(aged.id))!.review_status).toBe('pending');
    expect(await screenedTerms(aged.id)).toEqual(['età: 16enne']);
  });

  it('an ordinary edit of the zone or the city holds nothing', async () => {
    const l = await makeListing(owner);
    expectOk(await owner.client.from('listings').update({ zone: 'Milano 2', city: 'Segrate' }).eq('id', l.id).select('id'));
    expect((await listingRow(l.id))!.review_status).toBe('approved');
    expect(await screenedTerms(l.id)).toEqual([]);
  });
});

describe('a phone number that is not the advertiser’s own', () => {
  let phoned: TestUser;
  beforeAll(async () => {
    phoned = await makeUser({ credits: 100, metadata: { phone: '+39 333 1234567' } });
    await makeListing(phoned);
  });

  it("is found written '347/1234567'", async () => {
    const l = await makeListing(phoned, { p_description: 'Per prenotare 347/1234567, risponde la mia amica.' }, true, false);
    expect(await screenedTerms(l.id)).toEqual(['telefono di terzi: 3471234567']);
  });

  it('is found with its digits split by zero-width characters, in the zone too', async () => {
    const l = await makeListing(phoned, { p_zone: 'Tel 3\u200b4\u200b7\u200b7\u200b6\u200b5\u200b4\u200b3\u200b2\u200b1' }, true, false);
    expect(await screenedTerms(l.id)).toEqual(['telefono di terzi: 3477654321']);
  });

  it('the advertiser’s own, however written, holds nothing', async () => {
    const l = await makeListing(phoned, { p_description: 'Chiamami al 333/123\u200b4567, rispondo sempre con piacere.' }, true, false);
    expect((await listingRow(l.id))!.review_status).toBe('approved');
    expect(await screenedTerms(l.id)).toEqual([]);
  });
});
