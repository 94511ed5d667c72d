/**
 * What the search's faster plans rely on (issue 25), on a throwaway migrated database with
 * enough listings for every path: the total stops at its cap and says so; a text search
 * answers the same whichever way it reads its matches (a rare text read whole, a common one
 * looked for among the newest listings, one whose matches are all older than that window
 * read again from every match), promotions first, page after page by the keyset; the
 * full-text statistics tell a common text from a rare one. The expected order is written
 * here with the rule functions, never with the search's own text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../supabase/local/src/db/index.ts';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';
import { asAnon as asAnonOn, freshDatabase, supabaseDir, type FreshDatabase } from '../support/fresh-database.ts';

let fresh: FreshDatabase;
let db: Database;
let ownerId: string;
const asAnon = <T>(fn: (q: Queryable) => Promise<T>) => asAnonOn(db, fn);

const CITY = 'Città dei Piani';
const COUNTED = 'Città Contata';
const SMALL = 'Città Piccola';
const CROWDED = 'Città Affollata';

/**
 * n public listings in `city`, newest first by g (g minutes old), with `words(g)` in the
 * description and the columns given as SQL over g. Triggers are skipped (replica), as in the
 * bench: the rows are what the test says, not what publishing would add.
 */
async function listings(city: string, n: number, words: string, columns: Record<string, string> = {}) {
  const names = ['user_id', 'title', 'category', 'city', 'age', 'description', 'slug', 'created_at', ...Object.keys(columns)];
  const values = [`'${ownerId}'`, `'Annuncio di prova ' || g`, `'donne'`, `'${city}'`, '30',
    `'Descrizione di prova numero ' || g || ' ' || ${words}`, `'piani-' || gen_random_uuid()`,
    `now() - make_interval(mins => g)`, ...Object.values(columns)];
  await db.transaction(async (tx) => {
    await tx.exec(`set local session_replication_role = replica`);
    await tx.query(`insert into public.listings (${names.join(', ')})
      select ${values.join(', ')} from generate_series(1, ${n}) g`);
  });
}

beforeAll(async () => {
  fresh = await freshDatabase('search-plans');
  db = fresh.db;
  await prepareDatabase(db, { supabaseDir, moduleSql: [] });
  ownerId = crypto.randomUUID();
  await db.query(`insert into auth.users (id, email) values ($1, $2)`, [ownerId, `piani-${ownerId}@example.com`]);

  // 1,500 listings in CITY: every one says 'comune'; about 250 of the 300 oldest also 'antico'
  // (none bumped, so all past the newest 1,000); five 'raro'. Every 7th is bumped. 1 in 10 has an active promotion, some a promotion that
  // starts later or is over (still premium until the job runs), some are paused or expired.
  await listings(CITY, 1500, `'comune' || case when g > 1200 and g % 7 <> 0 then ' antico' else '' end || case when g % 300 = 7 then ' raro' else '' end`, {
    last_bumped_at: `case when g % 7 = 0 then now() - make_interval(mins => g / 3) end`,
    is_premium: `g % 10 in (0, 3, 4)`,
    promotion_mode: `case when g % 10 in (0, 3, 4) then 'day' end`,
    promotion_start_at: `case g % 10 when 0 then now() - interval '1 hour' when 3 then now() + interval '1 hour' when 4 then now() - interval '3 hours' end`,
    promotion_end_at: `case g % 10 when 0 then now() + interval '1 hour' when 3 then now() + interval '2 hours' when 4 then now() - interval '1 hour' end`,
    is_paused: `g % 50 = 11`,
    paused_at: `case when g % 50 = 11 then now() end`,
    expires_at: `case when g % 50 = 12 then now() - interval '1 minute' else now() + interval '10 days' end`,
  });
  await db.query('analyze public.listings');
}, 180_000);

afterAll(async () => {
  await fresh?.drop();
});

/** The public matches in public order, by the rule functions. */
async function expected(city: string, text?: string): Promise<string[]> {
  const r = await db.query<{ id: string }>(
    `select id from public.listings l
      where l.city = $1 and private.listing_is_public(l.is_paused, l.expires_at, l.review_status)
        and ($2::text is null or l.search @@ websearch_to_tsquery('italian'::regconfig, $2))
      order by private.promotion_is_active(l.is_premium, l.promotion_start_at, l.promotion_end_at) desc,
               coalesce(l.last_bumped_at, l.created_at) desc, l.id desc`,
    [city, text ?? null]);
  return r.rows.map((x) => x.id);
}

/** Up to `pages` pages of `limit` as the app asks them, by the keyset, as the visitor. */
async function search(args: { p_city: string; p_query?: string }, limit: number, pages: number) {
  return asAnon(async (q) => {
    const ids: string[] = [];
    let after: { promoted: boolean; rank_at: string; id: string } | undefined;
    for (let n = 0; n < pages; n++) {
      const page = (await q.query<{ id: string; promoted: boolean; rank_at: string }>(
        `select id, promoted, rank_at from public.search_listings(p_city => $1, p_query => $2, p_limit => $3,
           p_after_promoted => $4, p_after_rank => $5, p_after_id => $6)`,
        [args.p_city, args.p_query ?? null, limit, after?.promoted ?? null, after?.rank_at ?? null, after?.id ?? null])).rows;
      ids.push(...page.map((r) => r.id));
      if (page.length < limit) break;
      after = page[page.length - 1];
    }
    return ids;
  });
}

/** The share of the listings the planner's statistics expect a text to match (search_listings' choice of way). */
const share = async (text: string) =>
  Number((await db.query<{ s: number }>(`select private.search_text_share($1) as s`, [text])).rows[0]!.s);

const total = (args: Record<string, string>) =>
  asAnon(async (q) => Number((await q.query<{ n: string }>(
    `select public.search_listings_count(p_city => $1, p_query => $2) as n`, [args.p_city, args.p_query ?? null])).rows[0]!.n));

describe('search plans (issue 25)', () => {
  it('the total is exact up to 1000 and answers 1001 past it, whatever the real number', async () => {
    await listings(COUNTED, 999, `'uno'`);
    expect(await total({ p_city: COUNTED })).toBe(999);
    await listings(COUNTED, 1, `'due'`);
    expect(await total({ p_city: COUNTED })).toBe(1000);
    await listings(COUNTED, 1, `'tre'`);
    expect(await total({ p_city: COUNTED })).toBe(1001);
    await listings(COUNTED, 500, `'quattro'`);
    expect(await total({ p_city: COUNTED })).toBe(1001);
    // Below the cap with a text, after the filters: exact.
    expect(await total({ p_city: COUNTED, p_query: 'quattro' })).toBe(500);
    expect(await total({ p_city: CITY, p_query: 'antico' })).toBe((await expected(CITY, 'antico')).length);
  });

  it('a city without a text: promotions first, then the rest, the same rows page after page', async () => {
    const all = await expected(CITY);
    expect(all.length).toBeGreaterThan(1000);
    expect(await search({ p_city: CITY }, 50, 6)).toEqual(all.slice(0, 300));
  });

  it('a rare text (read whole) gives every match in public order', async () => {
    const all = await expected(CITY, 'raro');
    expect(all.length).toBeGreaterThan(0);
    expect(all.length).toBeLessThanOrEqual(200);
    // Rare to the statistics too, so its matches are counted first (a word they do not know likewise).
    expect(await share('raro')).toBeLessThan(0.01);
    expect(await share('introvabile')).toBeLessThan(0.01);
    expect(await search({ p_city: CITY, p_query: 'raro' }, 2, all.length)).toEqual(all);
  });

  it('a common text (looked for among the newest listings) gives the same pages as the rule', async () => {
    const all = await expected(CITY, 'comune');
    expect(all.length).toBeGreaterThan(1000);
    // Common to the statistics, so it goes to the window without counting its matches.
    expect(await share('comune')).toBeGreaterThan(0.1);
    expect(await search({ p_city: CITY, p_query: 'comune' }, 50, 6)).toEqual(all.slice(0, 300));
  });

  it('a common text in a city smaller than the window: the short page is every match', async () => {
    await listings(SMALL, 30, `case when g % 6 = 0 then 'comune' else 'altro' end`);
    const all = await expected(SMALL, 'comune');
    expect(all).toHaveLength(5);
    expect(await share('comune')).toBeGreaterThan(0.1);
    expect(await search({ p_city: SMALL, p_query: 'comune' }, 20, 2)).toEqual(all);
  });

  it('a text whose matches are all older than the newest 1000 listings is read again from every match', async () => {
    const all = await expected(CITY, 'antico');
    expect(all.length).toBeGreaterThan(200);
    expect(await share('antico')).toBeGreaterThan(0.04);
    expect(await search({ p_city: CITY, p_query: 'antico' }, 50, all.length)).toEqual(all);
  });

  it("a city's promotions are walked through their own index, not past every other city's", async () => {
    // Promotions elsewhere, newer than CITY's: the walk of all promotions in rank order would pass them first.
    await listings(CROWDED, 200, `'altrove'`, {
      last_bumped_at: `now() - make_interval(secs => g)`,
      is_premium: 'true',
      promotion_mode: `'day'`,
      promotion_start_at: `now() - interval '1 hour'`,
      promotion_end_at: `now() + interval '1 hour'`,
    });
    await db.query('analyze public.listings');
    const read = await db.transaction(async (tx) => {
      const ids = (await tx.query<{ id: string }>(`select id from public.search_listings(p_city => $1)`, [CITY])).rows.map((r) => r.id);
      const returned = async (index: string) => Number((await tx.query<{ n: string }>(
        `select pg_stat_get_xact_tuples_returned($1::regclass) as n`, [index])).rows[0]!.n);
      return { ids, city: await returned('public.listings_promoted_city_rank_idx'), all: await returned('public.listings_promoted_rank_idx') };
    });
    expect(read.ids).toEqual((await expected(CITY)).slice(0, 20));
    expect(read.city).toBeGreaterThanOrEqual(20);
    expect(read.all).toBe(0);
  });

  it('an array filter few promotions match reads their own facets index, not every promotion', async () => {
    // 60 listings with a value no other listing has, 1 in 6 with an active promotion: a walk
    // of every promotion in rank order would pass CITY's and CROWDED's to find those 10.
    const FACETS = 'Città delle Faccette';
    await listings(FACETS, 60, `'faccette'`, {
      ethnicity: `array['asiatica']`,
      is_premium: 'g % 6 = 0',
      promotion_mode: `case when g % 6 = 0 then 'day' end`,
      promotion_start_at: `case when g % 6 = 0 then now() - interval '1 hour' end`,
      promotion_end_at: `case when g % 6 = 0 then now() + interval '1 hour' end`,
    });
    await db.transaction(async (tx) => {
      await tx.exec(`set local session_replication_role = replica`);
      await tx.query(`update public.listings set ethnicity = array['europea'] where city <> $1`, [FACETS]);
    });
    await db.query('analyze public.listings');
    const order = (await db.query<{ id: string }>(
      `select id from public.listings l
        where l.ethnicity && array['asiatica'] and private.listing_is_public(l.is_paused, l.expires_at, l.review_status)
        order by private.promotion_is_active(l.is_premium, l.promotion_start_at, l.promotion_end_at) desc,
                 coalesce(l.last_bumped_at, l.created_at) desc, l.id desc`)).rows.map((r) => r.id);
    expect(order).toHaveLength(60);
    const read = await db.transaction(async (tx) => {
      const ids: string[] = [];
      let after: { promoted: boolean; rank_at: string; id: string } | undefined;
      for (let n = 0; n < 3; n++) {
        const page = (await tx.query<{ id: string; promoted: boolean; rank_at: string }>(
          `select id, promoted, rank_at from public.search_listings(p_ethnicity => $1, p_after_promoted => $2, p_after_rank => $3, p_after_id => $4)`,
          [['asiatica'], after?.promoted ?? null, after?.rank_at ?? null, after?.id ?? null])).rows;
        ids.push(...page.map((r) => r.id));
        after = page[page.length - 1];
      }
      const returned = async (index: string) => Number((await tx.query<{ n: string }>(
        `select pg_stat_get_xact_tuples_returned($1::regclass) as n`, [index])).rows[0]!.n);
      return { ids, facets: await returned('public.listings_promoted_facets_idx'), all: await returned('public.listings_promoted_rank_idx') };
    });
    expect(read.ids).toEqual(order);
    expect(read.facets).toBeGreaterThanOrEqual(10);
    expect(read.all).toBe(0);
  });

  it("a search's walks are planned once per session, kept prepared, at most 64, and come back after DEALLOCATE", async () => {
    const expectedPages = (await expected(CITY)).slice(0, 100);
    const read = await db.transaction(async (tx) => {
      await tx.exec('deallocate all');
      const prepared = async () => Number((await tx.query<{ n: string }>(
        `select count(*) as n from pg_prepared_statements where name like 'search\\_%'`)).rows[0]!.n);
      const pages = async () => {
        const ids: string[] = [];
        let after: { promoted: boolean; rank_at: string; id: string } | undefined;
        for (let n = 0; n < 5; n++) {
          const page = (await tx.query<{ id: string; promoted: boolean; rank_at: string }>(
            `select id, promoted, rank_at from public.search_listings(p_city => $1, p_after_promoted => $2, p_after_rank => $3, p_after_id => $4)`,
            [CITY, after?.promoted ?? null, after?.rank_at ?? null, after?.id ?? null])).rows;
          ids.push(...page.map((r) => r.id));
          after = page[page.length - 1];
        }
        return ids;
      };
      // Past five runs PostgreSQL may switch a prepared statement to its generic plan.
      const first = await pages();
      const kept = await prepared();
      const again = await pages();
      await tx.exec('deallocate all');
      const afterDeallocate = await pages();
      // Seventy combinations of the array filters given: seventy texts for part C, 64 kept.
      const columns = ['ethnicity', 'nationality', 'breast_type', 'hair_color', 'body_type', 'eye_color', 'meeting_type'];
      for (let i = 1; i <= 70; i++) {
        const given = columns.filter((_, b) => (i >> b) & 1);
        await tx.query(`select count(*) from public.search_listings(p_city => $1${given.map((c) => `, p_${c} => array['x']`).join('')})`, [CITY]);
      }
      return { first, kept, again, afterDeallocate, capped: await prepared() };
    });
    expect(read.first).toEqual(expectedPages);
    // Part A's walk and part C, for the first page and for the keyset's pages.
    expect(read.kept).toBeGreaterThanOrEqual(2);
    expect(read.again).toEqual(expectedPages);
    expect(read.afterDeallocate).toEqual(expectedPages);
    expect(read.capped).toBe(64);
  });

  it("a listing made available between the search's statements is shown once", async () => {
    const ONCE = 'Città Una Volta';
    await listings(ONCE, 5, `'una volta'`);
    const target = (await expected(ONCE))[2]!;
    const rows = await db.transaction(async (tx) => {
      // The update runs in the search's own statement: the function's snapshot (part B) does not
      // see it, the prepared part C's statements do.
      return (await tx.query<{ id: string }>(
        `with made as (update public.listings set available_until = now() + interval '1 hour' where id = $2 returning id)
         select s.id from made, lateral public.search_listings(p_city => case when made.id is not null then $1 end) s`,
        [ONCE, target])).rows.map((r) => r.id);
    });
    expect(rows.filter((id) => id === target)).toHaveLength(1);
    expect(rows).toHaveLength(5);
  });

  it("a page's photos come from the photo index alone, none from the table (issue 25)", async () => {
    const page = (await expected(CITY)).slice(0, 20);
    // Five photos each, then a vacuum, as autovacuum leaves a table that is read far more than written.
    await db.transaction(async (tx) => {
      await tx.exec(`set local session_replication_role = replica`);
      await tx.query(`insert into public.listing_photos (listing_id, url, is_primary, created_at)
        select l, 'https://example.invalid/piani/' || l || '-' || n || '.jpg', n = 1, now() - make_interval(secs => n)
        from unnest($1::uuid[]) l, generate_series(1, 5) n`, [page]);
    });
    await db.exec('vacuum public.listing_photos');
    const read = await db.transaction(async (tx) => {
      const rows = (await tx.query<{ id: string; photos: unknown[] }>(
        `select id, photos from public.search_listings(p_city => $1)`, [CITY])).rows;
      const stats = (await tx.query<{ returned: string; fetched: string }>(
        `select pg_stat_get_xact_tuples_returned(i) as returned, pg_stat_get_xact_tuples_fetched(i) as fetched
           from (select 'public.listing_photos_listing_order_idx'::regclass as i) x`)).rows[0]!;
      return { rows, returned: Number(stats.returned), fetched: Number(stats.fetched) };
    });
    expect(read.rows.map((r) => r.id)).toEqual(page);
    expect(read.rows.every((r) => r.photos.length > 0)).toBe(true);
    // Every photo shown was read from the index; not one was looked up in the table.
    expect(read.returned).toBeGreaterThanOrEqual(read.rows.reduce((n, r) => n + r.photos.length, 0));
    expect(read.fetched).toBe(0);
  });
});
