/**
 * The listing form and the database agree: the form's rules are public.listing_rules() as
 * generated, the trigger and the check constraints use the same bounds, and boundary values
 * sent through the API get the verdict (and the Italian message) the form model gives them.
 * create_listing with a creation key charges once however often it is called.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  emptyListingForm,
  LISTING_RULES,
  toCreateArgs,
  validateListingForm,
  type ListingFormValues,
} from '../../src/features/listings/editor/listingForm.ts';
import { admin, credits, expectError } from '../support/db.ts';
import { makeUser, validListing, type TestUser } from '../support/factories.ts';

const valid: ListingFormValues = {
  ...emptyListingForm(),
  title: 'Giulia, dolce e raffinata',
  category: 'donne',
  city: 'Milano',
  zone: 'Brera',
  age: 27,
  hourly_rate: 150,
  description: 'Ragazza solare e simpatica, disponibile per cene e aperitivi in centro.',
  nationality: ['italiana'],
  offered_services: ['girlfriend-experience'],
};

const x = (n: number, c = 'a') => c.repeat(n);
const emoji = (n: number) => '😀'.repeat(n);

/** [name, patch, whether the value is beyond the column's type (the server refuses it before the trigger)]. */
const CASES: [string, Partial<ListingFormValues>, boolean?][] = [
  ['valid', {}],
  ['title of 4', { title: x(4) }],
  ['title of 5', { title: x(5) }],
  ['title of 120', { title: x(120) }],
  ['title of 121', { title: x(121) }],
  ['title of 5 emoji (10 UTF-16 units)', { title: emoji(5) }],
  ['title of 120 emoji', { title: emoji(120) }],
  ['title of 121 emoji', { title: emoji(121) }],
  ['title of 4 between spaces', { title: `   ${x(4)}   ` }],
  ['title with a tab (trim keeps it)', { title: `\t${x(4)}` }],
  ['title with HTML', { title: '<script>alert(1)</script>' }],
  ['empty title', { title: '' }],
  ['description of 19', { description: x(19) }],
  ['description of 20', { description: x(20) }],
  ['description of 5000', { description: x(5000) }],
  ['description of 5001', { description: x(5001) }],
  ['description of 19 and a new line', { description: `${x(19)}\n` }],
  ['city of 1', { city: 'A' }],
  ['city of 2', { city: 'Bo' }],
  ['city of 80', { city: x(80) }],
  ['city of 81', { city: x(81) }],
  ['blank city', { city: '   ' }],
  ['zone of 80', { zone: x(80) }],
  ['zone of 81', { zone: x(81) }],
  ['blank zone', { zone: '   ' }],
  ['age 17', { age: 17 }],
  ['age 18', { age: 18 }],
  ['age 99', { age: 99 }],
  ['age 100', { age: 100 }],
  ['age 0', { age: 0 }],
  ['age -1', { age: -1 }],
  ['age 25.5', { age: 25.5 }, true],
  ['age 1e10', { age: 1e10 }, true],
  ['age as text "30"', { age: '30' }],
  ['no age', { age: '' }],
  ['rate -0.01', { hourly_rate: -0.01 }],
  ['rate 0', { hourly_rate: 0 }],
  ['rate -0.004 (rounds to 0)', { hourly_rate: -0.004 }],
  ['rate 10000', { hourly_rate: 10000 }],
  ['rate 10000.004 (rounds to 10000)', { hourly_rate: 10000.004 }],
  ['rate 10000.01', { hourly_rate: 10000.01 }],
  ['rate 1e7', { hourly_rate: 1e7 }, true],
  ['rate "80,50"', { hourly_rate: '80,50' }],
  ['no rate', { hourly_rate: '' }],
  ['no category', { category: '' }],
  ['unknown category', { category: 'animali' }],
  ['unknown hair colour', { hair_color: ['verde'] }],
  ['unknown service', { offered_services: ['69', 'inventato'] }],
];

let u: TestUser;

beforeAll(async () => {
  u = await makeUser({ credits: 100_000, prefix: 'rules' });
});

describe('listing rules: one source', () => {
  it('the generated module is what public.listing_rules() answers', async () => {
    const { data, error } = await admin().rpc('listing_rules');
    expect(error).toBeNull();
    expect(data).toEqual(LISTING_RULES);
  });

  it("the check constraints behind the trigger use the rules' bounds and value lists", async () => {
    const { data, error } = await admin().rpc('listing_rules');
    expect(error).toBeNull();
    const rules = data as typeof LISTING_RULES;
    const defs = constraintDefs();
    const between = (name: string, r: { min?: number; max: number }) => expect(defs[name], name).toMatch(new RegExp(`between ${r.min} and ${r.max}$`));
    between('listings_title_length', rules.title);
    between('listings_description_length', rules.description);
    between('listings_city_length', rules.city);
    between('listings_age_range', rules.age);
    expect(defs.listings_zone_length).toContain(`<= ${rules.zone.max}`);
    expect(defs.listings_hourly_rate_range).toContain(`hourly_rate >= ${rules.hourly_rate.min} and hourly_rate <= ${rules.hourly_rate.max})`);
    for (const [field, values] of Object.entries(rules.options)) {
      const def = defs[`listings_${field}_values`]!;
      expect(def, field).toBeDefined();
      expect([...def.matchAll(/'([^']+)'/g)].map((m) => m[1]), field).toEqual(values);
    }
  });

  it.each(CASES)('%s: the API and the form model agree', async (_name, patch, beyondType) => {
    const values = { ...valid, ...patch };
    const errors = Object.values(validateListingForm(values));
    const res = await u.client.rpc('create_listing', toCreateArgs(values, crypto.randomUUID()));
    if (errors.length === 0) {
      expect(res.error, JSON.stringify(res.error)).toBeNull();
      return;
    }
    expect(res.error, `the form refuses (${errors.join(' ')}) but the server accepted`).not.toBeNull();
    // The trigger raises its first problem; the form shows every one, that one among them.
    if (!beyondType) expect(errors).toContain(res.error!.message);
  });

  it('HTML and script tags are stored as typed', async () => {
    const title = '<b>Ciao</b> <script>alert(1)</script>';
    const { data, error } = await u.client.rpc('create_listing', toCreateArgs({ ...valid, title }, crypto.randomUUID()));
    expect(error).toBeNull();
    expect((data as { title: string }).title).toBe(title);
  });
});

/** The listings table's check constraints by name, as the migration writes them. */
function constraintDefs(): Record<string, string> {
  const text = readFileSync(fileURLToPath(new URL('../../supabase/migrations/20261122000200_listings.sql', import.meta.url)), 'utf8');
  return Object.fromEntries([...text.matchAll(/constraint (listings_\w+) check \((.*)\),?$/gm)].map((m) => [m[1]!, m[2]!]));
}

describe('create_listing with a creation key', () => {
  it('a repeated call returns the same listing and charges once', async () => {
    const owner = await makeUser({ credits: 30 });
    const key = crypto.randomUUID();
    const args = { ...validListing, p_creation_key: key };
    const first = await owner.client.rpc('create_listing', args);
    const second = await owner.client.rpc('create_listing', args);
    expect(first.error).toBeNull();
    expect(second.error).toBeNull();
    expect((second.data as { id: string }).id).toBe((first.data as { id: string }).id);
    expect(await credits(owner.id)).toBe(20);
  });

  it('a double click (concurrent calls) makes one listing and charges once', async () => {
    const owner = await makeUser({ credits: 30 });
    const args = { ...validListing, p_creation_key: crypto.randomUUID() };
    const results = await Promise.all(Array.from({ length: 5 }, () => owner.client.rpc('create_listing', args)));
    for (const r of results) expect(r.error).toBeNull();
    expect(new Set(results.map((r) => (r.data as { id: string }).id)).size).toBe(1);
    expect(await credits(owner.id)).toBe(20);
    const { data } = await admin().from('listings').select('id').eq('user_id', owner.id);
    expect(data).toHaveLength(1);
  });

  it('another key (or none) is another listing; a key is the caller\'s own', async () => {
    const owner = await makeUser({ credits: 40 });
    const other = await makeUser({ credits: 10 });
    const key = crypto.randomUUID();
    expect((await owner.client.rpc('create_listing', { ...validListing, p_creation_key: key })).error).toBeNull();
    expect((await owner.client.rpc('create_listing', { ...validListing, p_creation_key: crypto.randomUUID() })).error).toBeNull();
    expect((await owner.client.rpc('create_listing', validListing)).error).toBeNull();
    expect(await credits(owner.id)).toBe(10);
    // The same key from someone else is their own first creation, paid by them.
    const theirs = await other.client.rpc('create_listing', { ...validListing, p_creation_key: key });
    expect(theirs.error).toBeNull();
    expect((theirs.data as { user_id: string }).user_id).toBe(other.id);
    expect(await credits(other.id)).toBe(0);
    expectError(await other.client.rpc('create_listing', { ...validListing, p_creation_key: crypto.randomUUID() }), /Crediti insufficienti/, 'P0001');
  });
});
