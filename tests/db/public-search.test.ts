/**
 * The public search (search_listings, search_listings_count, listing_detail) against fixed
 * expectations from the seed data (tests/support/seed-search.ts over supabase/seed/data.ts),
 * as an anonymous visitor. Other db test files create public listings on the same platform,
 * so each answer is compared on the seed's listings (fixed ids), in order.
 */
import { describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { LISTINGS } from '../../supabase/seed/data.ts';
import { ARRAY_ATTRIBUTES, VALUE_LISTS } from '../../supabase/seed/values.ts';
import { PUBLIC_ORDER, SEED_IDS, expectedFor, isPromoted, isPublic, ownerPhone, searchArgs, seedListing, type SeedFilter } from '../support/seed-search.ts';
import { expectOk } from '../support/db.ts';

interface Row {
  id: string;
  promoted: boolean;
  rank_at: string;
}

/** Every row of a search, page after page through the keyset cursor, as the app reads them. */
async function allPages(args: Record<string, unknown>, limit = 50): Promise<Row[]> {
  const anon = client();
  const rows: Row[] = [];
  for (;;) {
    const last = rows[rows.length - 1];
    const after = last ? { p_after_promoted: last.promoted, p_after_rank: last.rank_at, p_after_id: last.id } : {};
    const page = expectOk(await anon.rpc('search_listings', { ...args, ...after, p_limit: limit })) as Row[];
    rows.push(...page);
    if (page.length < limit) return rows;
  }
}

const seedIds = (rows: { id: string }[]) => rows.map((r) => r.id).filter((id) => SEED_IDS.has(id));
const ids = (ls: { id: string }[]) => ls.map((l) => l.id);
/** A filter as a test name (patterns included). */
const named = (f: SeedFilter) => [JSON.stringify(f, (_k, v: unknown) => (v instanceof RegExp ? String(v) : v)), f] as const;
const count = async (args: Record<string, unknown>) => Number(expectOk(await client().rpc('search_listings_count', args)));

/** For each array attribute, a value some public demo listings have and others do not. */
const arrayCases: SeedFilter[] = ARRAY_ATTRIBUTES.map((attr) => {
  const value = VALUE_LISTS[attr].find((v) => {
    const n = expectedFor({ arrays: { [attr]: [v] } }).length;
    return n > 0 && n < PUBLIC_ORDER.length;
  })!;
  return { arrays: { [attr]: [value] } };
});

const filterCases: SeedFilter[] = [
  { p_category: 'trans' },
  { p_city: ' mILANO ' },
  { p_zone: 'porta' },
  { p_age_min: 25, p_age_max: 30 },
  { p_rate_min: 100, p_rate_max: 150 },
  ...arrayCases,
  { arrays: { hair_color: ['mora', 'bionda'] } },
  { query: { text: 'videochiamata', words: /\bvideochiamat[aei]\b/ } },
  { query: { text: 'cene', words: /\bcen[ae]\b/ } }, // Italian stemming: cena and cene
  { p_city: 'Roma', p_category: 'donne', p_age_max: 35 },
];

// Other test files create listings in Milano or in cities of their own: these match the seed only.
const seedOnlyCases: SeedFilter[] = [
  { p_city: 'Roma' },
  { p_city: 'napoli', p_category: 'donne' },
  { p_city: 'Bari' },
  { query: { text: 'Trastevere', words: /\btrastevere\b/ } },
  { p_city: 'Milano', p_zone: 'Porta' },
];

describe('public search against the seed', () => {
  it('the fixture is not trivial: promoted, pending, paused and expired demo listings exist', () => {
    expect(PUBLIC_ORDER.filter(isPromoted).length).toBeGreaterThanOrEqual(6);
    expect(LISTINGS.filter((l) => isPublic(l) && l.isPremium && !isPromoted(l)).length).toBeGreaterThanOrEqual(2);
    expect(LISTINGS.filter((l) => l.isPaused).length).toBeGreaterThanOrEqual(4);
    expect(LISTINGS.filter((l) => !l.isPaused && l.expiresAt <= 0).length).toBeGreaterThanOrEqual(3);
    for (const f of [...filterCases, ...seedOnlyCases]) {
      const n = expectedFor(f).length;
      expect(n > 0 && n < PUBLIC_ORDER.length, named(f)[0]).toBe(true);
    }
  });

  it('shows every public demo listing once, in public order, with paused and expired ones absent, paging 7 at a time', async () => {
    const rows = await allPages({}, 7);
    const seen = seedIds(rows);
    expect(new Set(seen).size).toBe(seen.length); // no repeats
    expect(seen).toEqual(ids(PUBLIC_ORDER)); // no gaps, the public order
    for (const l of LISTINGS.filter((x) => !isPublic(x))) expect(seen, `${l.n} ${l.state}`).not.toContain(l.id);
    // one page of 50 gives the same order as pages of 7
    expect(seedIds(await allPages({}, 50))).toEqual(ids(PUBLIC_ORDER));
  });

  it('puts active promotions first by rank; pending (not yet started) promotions are not promoted', async () => {
    const rows = (await allPages({})).filter((r) => SEED_IDS.has(r.id));
    const promoted = rows.filter((r) => r.promoted).map((r) => r.id);
    expect(promoted).toEqual(ids(PUBLIC_ORDER.filter(isPromoted)));
    const firstPlain = rows.findIndex((r) => !r.promoted);
    expect(rows.slice(firstPlain).every((r) => !r.promoted)).toBe(true);
    for (const n of [9, 35, 46]) {
      const pending = seedListing(n);
      expect(pending.state).toBe('pending');
      expect(rows.find((r) => r.id === pending.id)?.promoted, `listing ${n}`).toBe(false);
    }
  });

  it.each(filterCases.map(named))('filter %s: the matching demo listings in public order', async (_name, f) => {
    const args = searchArgs(f);
    const rows = await allPages(args, 10);
    expect(seedIds(rows)).toEqual(ids(expectedFor(f)));
    expect(await count(args)).toBeGreaterThanOrEqual(expectedFor(f).length);
  });

  it.each(seedOnlyCases.map(named))('filter %s: rows and total are exactly the seed\'s', async (_name, f) => {
    const args = searchArgs(f);
    const rows = await allPages(args, 3);
    expect(ids(rows)).toEqual(ids(expectedFor(f)));
    expect(await count(args)).toBe(rows.length);
  });

  it('search_listings_count of the whole public set equals the rows of every page', async () => {
    // Other files add and remove listings meanwhile: the total is read before and after the pages,
    // until a moment when nothing changed (a count that differs from the pages never passes).
    const seen: string[] = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      const before = await count({});
      const rows = await allPages({});
      const after = await count({});
      expect(before).toBeGreaterThanOrEqual(PUBLIC_ORDER.length);
      if (before === after && rows.length === before) return;
      seen.push(`${before}/${rows.length}/${after}`);
    }
    expect.fail(`total before / rows / total after never agreed: ${seen.join(', ')}`);
  });

  it('listing_detail: active (promoted and not), paused, paused promoted, expired and missing', async () => {
    const anon = client();
    const detail = async (id: string) => expectOk(await anon.rpc('listing_detail', { p_id: id })) as Record<string, any>;

    const hot = seedListing(1);
    expect(isPromoted(hot)).toBe(true);
    const d1 = await detail(hot.id);
    expect(d1).toMatchObject({ status: 'active', phone: ownerPhone(hot), listing: { id: hot.id, title: hot.title, promoted: true } });
    expect(d1.listing.photos.length).toBeLessThanOrEqual(5); // the db suite seeds photos only where a test asks

    const plain = seedListing(4);
    expect(isPublic(plain) && !isPromoted(plain)).toBe(true);
    const d4 = await detail(plain.id);
    expect(d4).toMatchObject({ status: 'active', listing: { id: plain.id, promoted: false } });
    expect(d4.listing.photos.length).toBeLessThanOrEqual(1);

    for (const [n, status] of [[14, 'paused'], [22, 'paused'], [21, 'expired'], [30, 'expired']] as const) {
      const l = seedListing(n);
      expect(await detail(l.id), `listing ${n} (${l.state})`).toEqual({ status, id: l.id });
    }
    expect(await detail('b0000000-0000-4000-8000-999999999999')).toEqual({ status: 'missing' });
  });
});
