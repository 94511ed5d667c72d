/** search_listings_count: the real total of a public search, equal to the rows its pages return. */
import { describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, expectOk } from '../support/db.ts';
import { makeListing, makeUser } from '../support/factories.ts';

/** Every row of a search, page after page, as the app reads them. */
async function allPages(args: Record<string, unknown>) {
  const anon = client();
  const rows: { id: string; promoted: boolean; rank_at: string }[] = [];
  for (;;) {
    const last = rows[rows.length - 1];
    const after = last ? { p_after_promoted: last.promoted, p_after_rank: last.rank_at, p_after_id: last.id } : {};
    const page = expectOk(await anon.rpc('search_listings', { ...args, ...after, p_limit: 2 })) as typeof rows;
    rows.push(...page);
    if (page.length < 2) return rows;
  }
}

describe('search_listings_count', () => {
  it('counts every public match of the filters, not paused or expired ones, for anonymous visitors', async () => {
    const city = `Contea ${Date.now().toString(36)}`;
    const u = await makeUser();
    const made = [];
    for (const [i, overrides] of [{ p_age: 25 }, { p_age: 30 }, { p_age: 35 }, { p_age: 40, p_category: 'trans' }, { p_age: 45 }].entries())
      made.push(await makeListing(u, { p_city: city, p_title: `Annuncio di prova numero ${i}`, ...overrides }));
    // One paused and one expired: not public, not counted.
    await admin().from('listings').update({ is_paused: true, paused_at: new Date().toISOString() }).eq('id', made[3]!.id);
    await admin().from('listings').update({ expires_at: new Date(Date.now() - 1000).toISOString() }).eq('id', made[4]!.id);

    const anon = client();
    for (const args of [{ p_city: city }, { p_city: city, p_age_min: 30 }, { p_city: city.toUpperCase(), p_category: 'donne' }, { p_city: city, p_query: 'prova' }, { p_city: city, p_query: 'inesistente' }]) {
      const total = expectOk(await anon.rpc('search_listings_count', args));
      expect(total, JSON.stringify(args)).toBe((await allPages(args)).length);
    }
    expect(expectOk(await anon.rpc('search_listings_count', { p_city: city }))).toBe(3);
    // More than a page: the whole public set, as the home page and bare /search show it.
    expect(expectOk(await anon.rpc('search_listings_count', {}))).toBeGreaterThanOrEqual(3);
  });

  it('is not callable for its WHERE builder', async () => {
    const { error } = await client().rpc('search_listings_where', { p_query: null });
    expect(error).not.toBeNull();
  });
});
