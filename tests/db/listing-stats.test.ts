/**
 * Listing statistics (issue 27): pages report events in batches through record_listing_events;
 * a device's view counts once a day per listing, never the owner's or staff's or a bot's; no
 * address, user id or raw device id is kept; a device has a rate window; only the owner and
 * staff read the counts; the day's hashes go with the day.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, expectError, expectOk } from '../support/db.ts';
import { makeListing, makeUser } from '../support/factories.ts';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';
import { freshDatabase, supabaseDir, type FreshDatabase } from '../support/fresh-database.ts';

type Kind = 'view' | 'call' | 'whatsapp' | 'favourite' | 'impression';
const send = async (c: SupabaseClient, device: string, events: { type: Kind; listing: string }[]) =>
  expectOk(await c.rpc('record_listing_events', { p_device: device, p_events: events })) as number;
const visitor = (address = '203.0.113.9') => client(undefined, { 'x-forwarded-for': address });
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

async function counts(listingId: string) {
  const rows = expectOk(await admin().from('listing_stats_daily').select('*').eq('listing_id', listingId).eq('day', today()));
  return (rows as Record<string, unknown>[])[0] ?? null;
}

describe('listing statistics', () => {
  it('a view counts once per device and day; the owner, staff and bots are not counted', async () => {
    const [owner, staff] = await Promise.all([makeUser(), makeUser({ role: 'supporto' })]);
    const listing = await makeListing(owner);
    const view = [{ type: 'view' as const, listing: listing.id }];
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    expect(await send(visitor(), a, view)).toBe(1);
    expect(await send(visitor(), a, view)).toBe(0);
    expect(await send(visitor(), a, [...view, ...view])).toBe(0);
    expect(await send(visitor('198.51.100.1'), b, view)).toBe(1);
    // The owner and staff, signed in, on any device: nothing.
    expect(await send(owner.client, crypto.randomUUID(), [...view, { type: 'whatsapp', listing: listing.id }])).toBe(0);
    expect(await send(staff.client, crypto.randomUUID(), view)).toBe(0);
    // A crawler that says so.
    expect(await send(client(undefined, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }), crypto.randomUUID(), view)).toBe(0);
    // Contacts and favourites once per device; search appearances each time.
    expect(await send(visitor(), a, [
      { type: 'whatsapp', listing: listing.id }, { type: 'whatsapp', listing: listing.id }, { type: 'call', listing: listing.id },
      { type: 'favourite', listing: listing.id }, { type: 'impression', listing: listing.id }, { type: 'impression', listing: listing.id },
    ])).toBe(5);
    expect(await counts(listing.id)).toMatchObject({ views: 2, calls: 1, whatsapp: 1, favourites: 1, impressions: 2, promoted: false });
  });

  it('keeps no address, user id or raw device id: only salted hashes, gone with the day', async () => {
    const user = await makeUser();
    const owner = await makeUser();
    const listing = await makeListing(owner);
    const device = crypto.randomUUID();
    const address = '192.0.2.77';
    expect(await send(client(undefined, { 'x-forwarded-for': address, Authorization: `Bearer ${(await user.client.auth.getSession()).data.session!.access_token}` }), device,
      [{ type: 'view', listing: listing.id }])).toBe(1);
    const tables = ['listing_stats_daily', 'listing_stats_devices', 'listing_stats_seen'];
    const dump = JSON.stringify(await Promise.all(tables.map(async (t) => expectOk(await admin().from(t).select('*')))));
    for (const secret of [device, device.replaceAll('-', ''), Buffer.from(device).toString('hex'), address, user.id, user.id.replaceAll('-', ''), user.email]) {
      expect(dump.toLowerCase()).not.toContain(secret.toLowerCase());
    }
    const seen = expectOk(await admin().from('listing_stats_seen').select('*').eq('listing_id', listing.id)) as Record<string, unknown>[];
    expect(seen).toHaveLength(1);
    expect(Object.keys(seen[0]!).sort()).toEqual(['day', 'device_hash', 'kind', 'listing_id']);
    expect(seen[0]!.device_hash).toMatch(/^\\x[0-9a-f]{64}$/);
    const devices = expectOk(await admin().from('listing_stats_devices').select('*').limit(1)) as Record<string, unknown>[];
    expect(Object.keys(devices[0]!).sort()).toEqual(['day', 'device_hash', 'window_events', 'window_start']);
    // The salt is not reachable through the API, even as service_role.
    expect((await admin().schema('private' as never).from('listing_stats_salts').select('*')).error).not.toBeNull();
    // Tomorrow the hashes, the rate windows and the salt of today are gone; the counts stay.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expectOk(await admin().rpc('roll_listing_stats', { p_now: tomorrow }));
    expect(expectOk(await admin().from('listing_stats_seen').select('day').lt('day', new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)))).toEqual([]);
    expect(expectOk(await admin().from('listing_stats_devices').select('day').eq('day', today()))).toEqual([]);
    expect(await counts(listing.id)).toMatchObject({ views: 1 });
  });

  it('a device gets 120 events a minute; another device still counts', async () => {
    const owner = await makeUser();
    const listing = await makeListing(owner);
    const fifty = Array.from({ length: 50 }, () => ({ type: 'impression' as const, listing: listing.id }));
    const device = crypto.randomUUID();
    expect(await send(visitor(), device, fifty)).toBe(50);
    expect(await send(visitor(), device, fifty)).toBe(50);
    expect(await send(visitor(), device, fifty)).toBe(20);
    expect(await send(visitor(), device, fifty)).toBe(0);
    // A batch counts at most 50 events.
    expect(await send(visitor(), crypto.randomUUID(), [...fifty, ...fifty])).toBe(50);
    expect(await counts(listing.id)).toMatchObject({ impressions: 170 });
    // Nonsense is ignored, not an error.
    expect(await send(visitor(), crypto.randomUUID(), [{ type: 'hack' as Kind, listing: listing.id }, { type: 'view', listing: 'x' }])).toBe(0);
    expect(expectOk(await visitor().rpc('record_listing_events', { p_device: crypto.randomUUID(), p_events: { no: 'array' } }))).toBe(0);
  });

  it('only the owner and staff read a listing\'s counts; nobody writes them', async () => {
    const [owner, other, staff] = await Promise.all([makeUser(), makeUser(), makeUser({ role: 'admin' })]);
    const listing = await makeListing(owner);
    expect(await send(visitor(), crypto.randomUUID(), [{ type: 'view', listing: listing.id }])).toBe(1);
    const read = (c: SupabaseClient) => c.from('listing_stats_daily').select('views').eq('listing_id', listing.id);
    expect(expectOk(await read(owner.client))).toEqual([{ views: 1 }]);
    expect(expectOk(await read(staff.client))).toEqual([{ views: 1 }]);
    expect(expectOk(await read(other.client))).toEqual([]);
    expectError(await read(client()), /permission denied/);
    expectError(await owner.client.from('listing_stats_daily').update({ views: 99 }).eq('listing_id', listing.id), /permission denied/);
    expectError(await owner.client.from('listing_stats_daily').insert({ listing_id: listing.id, day: today(), views: 99 }), /permission denied/);
    for (const t of ['listing_stats_devices', 'listing_stats_seen']) {
      expectError(await owner.client.from(t).select('*'), /permission denied/);
      expectError(await client().from(t).select('*'), /permission denied/);
    }
  });

  it('a promoted listing\'s day is marked, by its events and by the job', async () => {
    const owner = await makeUser({ credits: 100 });
    const listing = await makeListing(owner);
    expectOk(await owner.client.rpc('promote_listing', { p_listing_id: listing.id, p_mode: 'day', p_days: 1 }));
    expectOk(await admin().rpc('roll_listing_stats', {}));
    expect(await counts(listing.id)).toMatchObject({ promoted: true, views: 0 });
    expect(await send(visitor(), crypto.randomUUID(), [{ type: 'view', listing: listing.id }])).toBe(1);
    expect(await counts(listing.id)).toMatchObject({ promoted: true, views: 1 });
  });

  it("the job marks the day of its clock in Rome, not in UTC: summer and winter, either side of midnight (issue 42)", async () => {
    const owner = await makeUser();
    const listing = await makeListing(owner);
    // Promoted through 2026's first seven months (set as service_role: only its window matters here).
    expectOk(await admin().from('listings').update({ is_premium: true, promotion_mode: 'day', promotion_start_at: '2026-01-01T00:00:00Z',
      promotion_end_at: '2026-08-01T00:00:00Z' }).eq('id', listing.id).select('id'));
    // 23:30 and 00:30 in Rome, in summer (UTC+2) and in winter (UTC+1): all four on the 14th in UTC.
    for (const at of ['2026-07-14T21:30:00Z', '2026-07-14T22:30:00Z', '2026-01-14T22:30:00Z', '2026-01-14T23:30:00Z']) {
      expectOk(await admin().rpc('roll_listing_stats', { p_now: at }));
    }
    const rows = expectOk(await admin().from('listing_stats_daily').select('day, promoted').eq('listing_id', listing.id).order('day'));
    expect(rows).toEqual(['2026-01-14', '2026-01-15', '2026-07-14', '2026-07-15'].map((day) => ({ day, promoted: true })));
  });
});

describe('listing statistics on a throwaway database', () => {
  let fresh: FreshDatabase;
  beforeAll(async () => {
    fresh = await freshDatabase('listing-stats');
    await prepareDatabase(fresh.db, { supabaseDir, moduleSql: [] });
  }, 120_000);
  afterAll(async () => {
    await fresh?.drop();
  });

  it('the window is a minute: in the next one the same device counts again', async () => {
    // On the throwaway database the device's window can be moved a minute back (no API role
    // may touch listing_stats_devices).
    const db = fresh.db;
    const ownerId = crypto.randomUUID();
    await db.query(`insert into auth.users (id, email) values ($1, $2)`, [ownerId, `window-${ownerId}@example.com`]);
    const listingId = (await db.query<{ id: string }>(`insert into public.listings (user_id, title, category, city, age, description, slug)
      values ($1, 'Annuncio di prova', 'donne', 'Milano', 30, 'Descrizione di prova abbastanza lunga.', 'prova-' || gen_random_uuid()) returning id`,
    [ownerId])).rows[0]!.id;
    const device = crypto.randomUUID();
    const fifty = JSON.stringify(Array.from({ length: 50 }, () => ({ type: 'impression', listing: listingId })));
    const record = async () => (await db.query<{ n: number }>(`select private.record_listing_events($1, $2::jsonb) as n`, [device, fifty])).rows[0]!.n;
    expect([await record(), await record(), await record(), await record()]).toEqual([50, 50, 20, 0]);
    await db.query(`update public.listing_stats_devices set window_start = window_start - interval '1 minute'`);
    expect(await record()).toBe(50);
  });

  it("stats_day is Rome's calendar day whatever the hour in UTC and the server's time zone (issue 42)", async () => {
    // [instant, its day in Rome]: either side of Rome's midnight in summer (UTC+2) and winter
    // (UTC+1), and on both nights the clocks change.
    const cases: [string, string][] = [
      ['2026-07-14T21:30:00Z', '2026-07-14'],
      ['2026-07-14T22:30:00Z', '2026-07-15'],
      ['2026-01-14T22:30:00Z', '2026-01-14'],
      ['2026-01-14T23:30:00Z', '2026-01-15'],
      ['2026-03-28T22:59:59Z', '2026-03-28'],
      ['2026-03-28T23:00:00Z', '2026-03-29'],
      ['2026-10-24T21:59:59Z', '2026-10-24'],
      ['2026-10-24T22:00:00Z', '2026-10-25'],
    ];
    for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Europe/Rome']) {
      const days = await fresh.db.transaction(async (tx) => {
        await tx.exec(`set local timezone = '${zone}'`);
        const { rows } = await tx.query<{ day: string }>(
          `select private.stats_day(u.at::timestamptz)::text as day from unnest($1::text[]) with ordinality as u (at, n) order by u.n`,
          [cases.map(([at]) => at)]);
        return rows.map((r) => r.day);
      });
      expect(days, zone).toEqual(cases.map(([, day]) => day));
    }
  });
});
