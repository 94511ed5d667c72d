/**
 * Each SQL rule has one source: the public-listing rule (private.listing_is_public), the
 * active-promotion rule (private.promotion_is_active), the photo limits (settings) and the
 * jobs' notification key (admin_notifications.dedupe_key). On a throwaway migrated database,
 * as its owner, with `set local role anon` for what a visitor sees.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Queryable } from '../../supabase/local/src/db/index.ts';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';
import { asAnon as asAnonOn, freshDatabase, supabaseDir, type FreshDatabase } from '../support/fresh-database.ts';

let fresh: FreshDatabase;
let db: Database;
let ownerId: string;
const asAnon = <T>(fn: (q: Queryable) => Promise<T>) => asAnonOn(db, fn);

beforeAll(async () => {
  fresh = await freshDatabase('single-sources');
  db = fresh.db;
  await prepareDatabase(db, { supabaseDir, moduleSql: [] });
  ownerId = crypto.randomUUID();
  await db.query(`insert into auth.users (id, email) values ($1, $2)`, [ownerId, `rules-${ownerId}@example.com`]);
  await db.query(`select vault.create_secret($1, 'project_url')`, [PROJECT_URL]);
}, 120_000);

afterAll(async () => {
  await fresh?.drop();
});

const HOUR = '1 hour';
const PROJECT_URL = 'https://regole.example.com';

/** A listing in `city` with the given column values (SQL expressions); returns its id. */
async function listing(city: string, columns: Record<string, string> = {}): Promise<string> {
  const names = ['user_id', 'title', 'category', 'city', 'age', 'description', 'slug', ...Object.keys(columns)];
  const values = [`'${ownerId}'`, `'Annuncio di prova'`, `'donne'`, `'${city}'`, '30', `'Descrizione di prova abbastanza lunga.'`,
    `'prova-' || gen_random_uuid()`, ...Object.values(columns)];
  const r = await db.query<{ id: string }>(`insert into public.listings (${names.join(', ')}) values (${values.join(', ')}) returning id`);
  return r.rows[0]!.id;
}

async function photos(listingId: string, n: number) {
  for (let i = 0; i < n; i++)
    await db.query(`insert into public.listing_photos (listing_id, url, created_at) values ($1, $2, now() + make_interval(secs => $3))`,
      [listingId, `${PROJECT_URL}/storage/v1/object/public/listing_photos/${ownerId}/${listingId}/${i}.jpg`, i]);
}

const ids = async (q: Queryable, sql: string, params: unknown[] = []) =>
  (await q.query<{ id: string }>(sql, params)).rows.map((r) => r.id).sort();

describe('single sources in SQL', () => {
  it('no policy or function spells the public or the active-promotion rule but the rules and the search text', async () => {
    // \b: another column ending in expires_at (a code's code_expires_at) is not the listing's clock.
    const publicRule = /\bexpires_at\s*(>|<=)\s*(now\(\)|p_now(?!\s*\+))/i;
    const promotionRule = /promotion_start_at\s*<=\s*(now\(\)|p_now)/i;
    const policies = (await db.query<{ name: string; expr: string }>(`
      select tablename || ': ' || policyname as name, coalesce(qual, '') || ' ' || coalesce(with_check, '') as expr
        from pg_policies where schemaname = 'public'`)).rows;
    const functions = (await db.query<{ name: string; expr: string }>(`
      select n.nspname || '.' || p.proname as name, p.prosrc as expr
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('public', 'private')`)).rows;
    // The search builds SQL text and keeps the rules' text form (docs/decisions/0103-one-sql-function-per-rule.md).
    const textForms = new Set(['private.search_listings_where', 'private.search_listings']);
    const copies = [...policies, ...functions]
      .filter(({ name, expr }) => !textForms.has(name) && (publicRule.test(expr) || promotionRule.test(expr)))
      .map((c) => c.name);
    expect(copies).toEqual([]);
  });

  it('the policies, the search, its total and the detail agree with listing_is_public on paused, expired and held listings', async () => {
    const city = 'Regola Pubblica';
    const open = await listing(city);
    const paused = await listing(city, { is_paused: 'true', paused_at: 'now()' });
    const expired = await listing(city, { expires_at: `now() - interval '1 second'` });
    const endsSoon = await listing(city, { expires_at: `now() + interval '${HOUR}'` });
    const pending = await listing(city, { review_status: `'pending'` });
    const rejected = await listing(city, { review_status: `'rejected'` });
    for (const id of [open, paused, expired, endsSoon, pending, rejected]) await photos(id, 1);
    const rule = await ids(db, `select id from public.listings where city = $1 and private.listing_is_public(is_paused, expires_at, review_status)`, [city]);
    expect(rule).toEqual([open, endsSoon].sort());

    await asAnon(async (q) => {
      expect(await ids(q, `select id from public.listings where city = $1`, [city])).toEqual(rule);
      expect(await ids(q, `select distinct p.listing_id as id from public.listing_photos p join public.listings l on l.id = p.listing_id where l.city = $1`, [city])).toEqual(rule);
      expect(await ids(q, `select id from public.search_listings(p_city => $1)`, [city])).toEqual(rule);
      expect((await q.query<{ n: string }>(`select public.search_listings_count(p_city => $1) as n`, [city])).rows[0]!.n).toBe(String(rule.length));
      const status = async (id: string) => (await q.query<{ s: string }>(`select public.listing_detail($1) ->> 'status' as s`, [id])).rows[0]!.s;
      expect([await status(open), await status(paused), await status(expired), await status(endsSoon), await status(pending), await status(rejected)])
        .toEqual(['active', 'paused', 'expired', 'active', 'missing', 'missing']);
    });
  });

  it('the search, the detail and promotion_is_active agree on active, pending and ended promotions', async () => {
    const city = 'Regola Promozione';
    const promo = (start: string, end: string) => ({ is_premium: 'true', promotion_mode: `'day'`, promotion_start_at: start, promotion_end_at: end });
    const active = await listing(city, promo(`now() - interval '${HOUR}'`, `now() + interval '${HOUR}'`));
    const pending = await listing(city, promo(`now() + interval '${HOUR}'`, `now() + interval '2 hours'`));
    const ended = await listing(city, promo(`now() - interval '2 hours'`, `now() - interval '${HOUR}'`));
    const base = await listing(city);
    const rule = await ids(db, `select id from public.listings where city = $1
      and private.promotion_is_active(is_premium, promotion_start_at, promotion_end_at)`, [city]);
    expect(rule).toEqual([active]);

    await asAnon(async (q) => {
      expect(await ids(q, `select id from public.search_listings(p_city => $1) where promoted`, [city])).toEqual(rule);
      const detailPromoted = [];
      for (const id of [active, pending, ended, base]) {
        const r = await q.query<{ promoted: boolean }>(`select (public.listing_detail($1) -> 'listing' ->> 'promoted')::boolean as promoted`, [id]);
        if (r.rows[0]!.promoted) detailPromoted.push(id);
      }
      expect(detailPromoted).toEqual(rule);
    });
  });

  it('the photos shown follow the settings max_photos_per_listing and max_photos_without_promotion', async () => {
    const city = 'Regola Foto';
    const base = await listing(city);
    const promoted = await listing(city, { is_premium: 'true', promotion_mode: `'day'`, promotion_start_at: `now() - interval '${HOUR}'`,
      promotion_end_at: `now() + interval '${HOUR}'` });
    await photos(base, 4);
    await photos(promoted, 4);
    const shown = () => asAnon(async (q) => {
      const search = (await q.query<{ id: string; n: number }>(`select id, json_array_length(photos) as n from public.search_listings(p_city => $1)`, [city])).rows;
      const detail = async (id: string) => (await q.query<{ n: number }>(`select jsonb_array_length(public.listing_detail($1) -> 'listing' -> 'photos') as n`, [id])).rows[0]!.n;
      return { searchBase: search.find((r) => r.id === base)!.n, searchPromoted: search.find((r) => r.id === promoted)!.n,
        detailBase: await detail(base), detailPromoted: await detail(promoted) };
    });
    expect(await shown()).toEqual({ searchBase: 1, searchPromoted: 4, detailBase: 1, detailPromoted: 4 });

    await db.query(`update public.settings set value = to_jsonb($2::int) where key = $1`, ['max_photos_without_promotion', 2]);
    await db.query(`update public.settings set value = to_jsonb($2::int) where key = $1`, ['max_photos_per_listing', 3]);
    try {
      expect(await shown()).toEqual({ searchBase: 2, searchPromoted: 3, detailBase: 2, detailPromoted: 3 });
      // The upload limit reads the same setting.
      await expect(photos(base, 1)).rejects.toThrow(/al massimo 3 foto/);
    } finally {
      await db.query(`update public.settings set value = '1' where key = 'max_photos_without_promotion'`);
      await db.query(`update public.settings set value = '5' where key = 'max_photos_per_listing'`);
    }
  });

  it('running the expiry jobs twice notifies once per expiry, through a unique dedupe_key', async () => {
    const id = await listing('Regola Notifiche', { expires_at: `now() + interval '${HOUR}'` });
    const notifications = async (type: string) => (await db.query<{ message: string; dedupe_key: string | null }>(
      `select message, dedupe_key from public.admin_notifications where entity_id = $1 and type = $2`, [id, type])).rows;

    await db.query(`select public.notify_expiring_listings()`);
    await db.query(`select public.notify_expiring_listings()`);
    const warned = await notifications('listing_expiring');
    expect(warned).toHaveLength(1);
    expect(warned[0]!.message).toMatch(/^Il tuo annuncio "Annuncio di prova" scade il \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);
    expect(warned[0]!.dedupe_key).not.toBeNull();

    await db.query(`select public.expire_listings(now() + interval '2 hours')`);
    await db.query(`select public.expire_listings(now() + interval '3 hours')`);
    const expired = await notifications('listing_expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]!.message).toMatch(/^Il tuo annuncio "Annuncio di prova" è scaduto il \d\d\/\d\d\/\d{4} \d\d:\d\d\. Rinnovalo per renderlo di nuovo visibile\.$/);

    // The key is unique where set; notifications without one (tickets, staff) are not keyed.
    const insert = (key: string | null) => db.query(`insert into public.admin_notifications (user_id, type, entity_id, message, dedupe_key)
      values ($1, 'listing_expired', $2, 'Prova.', $3)`, [ownerId, id, key]);
    await expect(insert(expired[0]!.dedupe_key)).rejects.toThrow(/duplicate key|unique/i);
    await insert(null);
    await insert(null);
  });
});
