/**
 * Listing statistics (issue 27): pages report events in batches through record_listing_events;
 * a device's view counts once a day per listing, never the owner's or staff's or a bot's; no
 * address, user id or raw device id is kept; a device has a rate window; only the owner and
 * staff read the counts; the day's hashes go with the day. Issue 41: views, contacts and
 * favourites need the token listing_detail signed for that page (each once), at most 5 a day
 * per address and listing, nothing for a listing not on show or from the owner's address.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, expectError, expectOk } from '../support/db.ts';
import { makeListing, makeUser } from '../support/factories.ts';
import { prepareDatabase } from '../../supabase/local/src/db/migrate.ts';
import { freshDatabase, supabaseDir, type FreshDatabase } from '../support/fresh-database.ts';

type Kind = 'view' | 'call' | 'whatsapp' | 'favourite' | 'impression';
type Event = { type: Kind; listing: string; token?: string };
const send = async (c: SupabaseClient, device: string, events: Event[], batch?: string) =>
  expectOk(await c.rpc('record_listing_events', { p_device: device, p_events: events, p_batch: batch })) as number;
const visitor = (address = '203.0.113.9') => client(undefined, { 'x-forwarded-for': address });
/** The statistics token of one serving of the listing's page, as `c` gets it. */
async function pageToken(listingId: string, c: SupabaseClient = client()): Promise<string> {
  const detail = expectOk(await c.rpc('listing_detail', { p_id: listingId })) as { status: string; view_token?: string };
  expect(detail.status).toBe('active');
  return detail.view_token!;
}
/** A fresh page's events: `types` about the listing, all with one new page token. */
const page = async (listingId: string, ...types: Kind[]): Promise<Event[]> => {
  const token = await pageToken(listingId);
  return types.map((type) => ({ type, listing: listingId, token }));
};
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());

async function counts(listingId: string) {
  const rows = expectOk(await admin().from('listing_stats_daily').select('*').eq('listing_id', listingId).eq('day', today()));
  return (rows as Record<string, unknown>[])[0] ?? null;
}

describe('listing statistics', () => {
  it('a view counts once per device and day; the owner, staff and bots are not counted', async () => {
    const [owner, staff] = await Promise.all([makeUser(), makeUser({ role: 'supporto' })]);
    const listing = await makeListing(owner);
    const a = crypto.randomUUID();
    const b = crypto.randomUUID();
    const first = await page(listing.id, 'view');
    expect(await send(visitor(), a, first)).toBe(1);
    expect(await send(visitor(), a, await page(listing.id, 'view'))).toBe(0);
    expect(await send(visitor(), a, await page(listing.id, 'view', 'view'))).toBe(0);
    expect(await send(visitor('198.51.100.1'), b, await page(listing.id, 'view'))).toBe(1);
    // The owner and staff, signed in, on any device, with a visitor's token: nothing.
    expect(await send(owner.client, crypto.randomUUID(), await page(listing.id, 'view', 'whatsapp'))).toBe(0);
    expect(await send(staff.client, crypto.randomUUID(), await page(listing.id, 'view'))).toBe(0);
    // A crawler that says so.
    expect(await send(client(undefined, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' }), crypto.randomUUID(),
      await page(listing.id, 'view'))).toBe(0);
    // Contacts and favourites once per device (the token of the device's page); search appearances each time.
    const token = first[0]!.token;
    expect(await send(visitor(), a, [
      ...['whatsapp', 'whatsapp', 'call', 'favourite'].map((type) => ({ type: type as Kind, listing: listing.id, token })),
      { type: 'impression', listing: listing.id }, { type: 'impression', listing: listing.id },
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
      await page(listing.id, 'view'), crypto.randomUUID())).toBe(1);
    const tables = ['listing_stats_daily', 'listing_stats_devices', 'listing_stats_seen', 'listing_stats_tokens', 'listing_stats_addresses', 'listing_stats_batches'];
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
    const addresses = expectOk(await admin().from('listing_stats_addresses').select('*').eq('listing_id', listing.id)) as Record<string, unknown>[];
    expect(addresses).toHaveLength(1);
    expect(Object.keys(addresses[0]!).sort()).toEqual(['address_hash', 'counted', 'day', 'kind', 'listing_id']);
    expect(addresses[0]!.address_hash).toMatch(/^\\x[0-9a-f]{64}$/);
    // The salt is not reachable through the API, even as service_role.
    expect((await admin().schema('private' as never).from('listing_stats_salts').select('*')).error).not.toBeNull();
    // Tomorrow the hashes, the rate windows and the salt of today are gone; the counts stay.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expectOk(await admin().rpc('roll_listing_stats', { p_now: tomorrow }));
    expect(expectOk(await admin().from('listing_stats_seen').select('day').lt('day', new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)))).toEqual([]);
    expect(expectOk(await admin().from('listing_stats_devices').select('day').eq('day', today()))).toEqual([]);
    for (const t of ['listing_stats_tokens', 'listing_stats_addresses', 'listing_stats_batches']) {
      expect(expectOk(await admin().from(t).select('day').eq('day', today())), t).toEqual([]);
    }
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
    expect(await send(visitor(), crypto.randomUUID(), await page(listing.id, 'view'))).toBe(1);
    const read = (c: SupabaseClient) => c.from('listing_stats_daily').select('views').eq('listing_id', listing.id);
    expect(expectOk(await read(owner.client))).toEqual([{ views: 1 }]);
    expect(expectOk(await read(staff.client))).toEqual([{ views: 1 }]);
    expect(expectOk(await read(other.client))).toEqual([]);
    expectError(await read(client()), /permission denied/);
    expectError(await owner.client.from('listing_stats_daily').update({ views: 99 }).eq('listing_id', listing.id), /permission denied/);
    expectError(await owner.client.from('listing_stats_daily').insert({ listing_id: listing.id, day: today(), views: 99 }), /permission denied/);
    for (const t of ['listing_stats_devices', 'listing_stats_seen', 'listing_stats_tokens', 'listing_stats_addresses', 'listing_stats_batches']) {
      expectError(await owner.client.from(t).select('*'), /permission denied/);
      expectError(await client().from(t).select('*'), /permission denied/);
    }
  });

  it('a view needs the token of a page the server served for that listing, each token once (issue 41)', async () => {
    const owner = await makeUser();
    const [listing, other] = [await makeListing(owner), await makeListing(owner)];
    const token = await pageToken(listing.id);
    expect(token).toMatch(/^\d{4}-\d{2}-\d{2}\.[0-9a-f]{32}\.a\.[0-9a-f]{32}$/);
    const [day, nonce, flag, sig] = token.split('.') as [string, string, string, string];
    expect(day).toBe(today());
    const forged = [
      undefined, '', 'nonsense', await pageToken(other.id),
      [day, nonce, flag, sig.replace(/^./, (c) => (c === '0' ? '1' : '0'))].join('.'),
      [day, crypto.randomUUID().replaceAll('-', ''), flag, sig].join('.'),
      ['2000-01-01', nonce, flag, sig].join('.'),
    ];
    for (const bad of forged) {
      expect(await send(visitor(), crypto.randomUUID(), [{ type: 'view', listing: listing.id, token: bad }]), String(bad)).toBe(0);
      expect(await send(visitor(), crypto.randomUUID(), [{ type: 'whatsapp', listing: listing.id, token: bad }]), String(bad)).toBe(0);
    }
    expect(await counts(listing.id)).toBeNull();
    // The page's token counts once; replayed from another device or address, nothing.
    expect(await send(visitor(), crypto.randomUUID(), [{ type: 'view', listing: listing.id, token }])).toBe(1);
    expect(await send(visitor(), crypto.randomUUID(), [{ type: 'view', listing: listing.id, token }])).toBe(0);
    expect(await send(visitor('198.51.100.200'), crypto.randomUUID(), [{ type: 'view', listing: listing.id, token }])).toBe(0);
    // Its contacts count once each with the same page's token.
    expect(await send(visitor(), crypto.randomUUID(), ['call', 'call', 'favourite'].map((type) => ({ type: type as Kind, listing: listing.id, token })))).toBe(2);
    expect(await counts(listing.id)).toMatchObject({ views: 1, calls: 1, favourites: 1, whatsapp: 0 });
  });

  it("the owner's and staff's own views never count: signed in, with their token, or from their address without it (issue 41)", async () => {
    const [owner, staff] = await Promise.all([makeUser(), makeUser({ role: 'admin' })]);
    const listing = await makeListing(owner);
    const home = '192.0.2.41';
    // A token minted for the owner (or staff) is marked as theirs: sent as anyone, from anywhere, nothing.
    const own = await pageToken(listing.id, owner.client);
    expect(own.split('.')[2]).toBe('o');
    expect((await pageToken(listing.id, staff.client)).split('.')[2]).toBe('o');
    expect(await send(visitor(home), crypto.randomUUID(), [{ type: 'view', listing: listing.id, token: own }])).toBe(0);
    // ...and her address counts nothing more for that listing today, even with a visitor's token and no session.
    for (let i = 0; i < 3; i++) expect(await send(visitor(home), crypto.randomUUID(), await page(listing.id, 'view', 'call'))).toBe(0);
    // Signed in with a visitor's token, from a second address: nothing, and that address is hers too.
    const office = '192.0.2.42';
    const session = (await owner.client.auth.getSession()).data.session!;
    const ownerAt = (address: string) => client(undefined, { 'x-forwarded-for': address, Authorization: `Bearer ${session.access_token}` });
    expect(await send(ownerAt(office), crypto.randomUUID(), await page(listing.id, 'view'))).toBe(0);
    expect(await send(visitor(office), crypto.randomUUID(), await page(listing.id, 'view'))).toBe(0);
    // Her other listings, and other people's addresses, still count.
    expect(await send(visitor('198.51.100.7'), crypto.randomUUID(), await page(listing.id, 'view'))).toBe(1);
    expect(await counts(listing.id)).toMatchObject({ views: 1, calls: 0 });
  });

  it('a listing not on show counts nothing: waiting, refused, paused, expired (issue 41)', async () => {
    const owner = await makeUser();
    const waiting = await makeListing(owner, {}, true, false);
    expect(waiting.review_status).toBe('pending');
    // A waiting listing's page has no token to give.
    expect(expectOk(await client().rpc('listing_detail', { p_id: waiting.id }))).toEqual({ status: 'missing' });
    const listing = await makeListing(owner);
    const states: [string, Record<string, unknown>][] = [
      ['waiting', { review_status: 'pending' }],
      ['refused', { review_status: 'rejected' }],
      ['paused', { is_paused: true, paused_at: new Date().toISOString() }],
      ['expired', { expires_at: new Date(Date.now() - 60_000).toISOString() }],
    ];
    const shown = { review_status: 'approved', is_paused: false, paused_at: null, expires_at: listing.expires_at };
    for (const [state, fields] of states) {
      const events = [...await page(listing.id, 'view', 'whatsapp', 'favourite'), { type: 'impression' as const, listing: listing.id }];
      expectOk(await admin().from('listings').update(fields).eq('id', listing.id).select('id'));
      expect(await send(visitor(), crypto.randomUUID(), events), state).toBe(0);
      expectOk(await admin().from('listings').update(shown).eq('id', listing.id).select('id'));
    }
    expect(await counts(listing.id)).toBeNull();
    // On show again, a page's view counts.
    expect(await send(visitor(), crypto.randomUUID(), await page(listing.id, 'view'))).toBe(1);
  });

  it('200 devices with 200 page tokens from one address count 5 a day per listing and kind; another address still counts (issue 41)', async () => {
    const owner = await makeUser();
    const listing = await makeListing(owner);
    const script = visitor('203.0.113.200');
    let counted = 0;
    for (let round = 0; round < 10; round++) {
      const got = await Promise.all(Array.from({ length: 20 }, async () =>
        send(script, crypto.randomUUID(), await page(listing.id, 'view', 'whatsapp', 'favourite'))));
      counted += got.reduce((a, b) => a + b, 0);
    }
    expect(counted).toBe(15);
    expect(await counts(listing.id)).toMatchObject({ views: 5, whatsapp: 5, favourites: 5 });
    // Another listing from that address, and this listing from another address, are apart.
    const other = await makeListing(owner);
    expect(await send(script, crypto.randomUUID(), await page(other.id, 'view'))).toBe(1);
    expect(await send(visitor('203.0.113.201'), crypto.randomUUID(), await page(listing.id, 'view'))).toBe(1);
    expect(await counts(listing.id)).toMatchObject({ views: 6 });
  });

  it('a promoted listing\'s day is marked, by its events and by the job', async () => {
    const owner = await makeUser({ credits: 100 });
    const listing = await makeListing(owner);
    expectOk(await owner.client.rpc('promote_listing', { p_listing_id: listing.id, p_mode: 'day', p_days: 1 }));
    expectOk(await admin().rpc('roll_listing_stats', {}));
    expect(await counts(listing.id)).toMatchObject({ promoted: true, views: 0 });
    expect(await send(visitor(), crypto.randomUUID(), await page(listing.id, 'view'))).toBe(1);
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

  it("yesterday's page token has expired: nothing counts (issue 41)", async () => {
    const db = fresh.db;
    const ownerId = crypto.randomUUID();
    await db.query(`insert into auth.users (id, email) values ($1, $2)`, [ownerId, `expired-${ownerId}@example.com`]);
    const listingId = (await db.query<{ id: string }>(`insert into public.listings (user_id, title, category, city, age, description, slug)
      values ($1, 'Annuncio di prova', 'donne', 'Milano', 30, 'Descrizione di prova abbastanza lunga.', 'prova-' || gen_random_uuid()) returning id`,
    [ownerId])).rows[0]!.id;
    const record = async (at: string) => {
      const token = (await db.query<{ t: string }>(`select private.listing_view_token($1, false, $2::timestamptz) as t`, [listingId, at])).rows[0]!.t;
      const events = JSON.stringify([{ type: 'view', listing: listingId, token }]);
      return (await db.query<{ n: number }>(`select private.record_listing_events($1, $2::jsonb) as n`, [crypto.randomUUID(), events])).rows[0]!.n;
    };
    expect(await record(new Date(Date.now() - 86_400_000).toISOString())).toBe(0);
    expect(await record(new Date().toISOString())).toBe(1);
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
