/**
 * Advertisers' tools (issue 27, parts 2-4): 'Disponibile ora' (2 hours, twice a Rome day,
 * owner only, its search filter and fading boost against fixed expectations), 'Rinnovo
 * automatico' through the expiry job, scheduled promotions (start on the minute, cancel with
 * a full refund), and that no client writes these columns.
 */
import { describe, expect, it } from 'vitest';
import { client, tag } from '../support/clients.ts';
import { admin, credits, DAY, expectError, expectOk, listingRow, ms, setCredits, travel } from '../support/db.ts';
import { makeListing, makeUser, type TestUser } from '../support/factories.ts';
import { romeAt } from '../support/romeTime.ts';

const HOUR = 3_600_000;
const MIN = 60_000;
const iso = (t: number) => new Date(t).toISOString();
const near = (a: string, b: number, tolerance = 15_000) => expect(Math.abs(new Date(a).getTime() - b)).toBeLessThan(tolerance);
const setRow = async (id: string, patch: Record<string, unknown>) => expectOk(await admin().from('listings').update(patch).eq('id', id).select('id'));
/** A public listing: made by its owner, then approved (a new advertiser's listing waits for review, issue 26). */
async function makePublic(owner: TestUser, overrides: Record<string, unknown> = {}): Promise<Record<string, any> & { id: string }> {
  const l = (await makeListing(owner, overrides)) as Record<string, any> & { id: string };
  await setRow(l.id, { review_status: 'approved' });
  return l;
}

describe("'Disponibile ora'", () => {
  it('lasts 2 hours, only for the owner, at most twice a Rome day; off keeps the count', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const l = await makePublic(u);
    const on = expectOk<any>(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: true }));
    near(on.available_until, Date.now() + 2 * HOUR);
    // On again while on: nothing changes, no second use.
    const again = expectOk<any>(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: true }));
    expect(again.available_until).toBe(on.available_until);

    expectError(await other.client.rpc('set_available_now', { p_listing_id: l.id, p_on: true }), 'Annuncio non trovato.', 'P0001');
    expectError(await other.client.rpc('set_available_now', { p_listing_id: l.id, p_on: false }), 'Annuncio non trovato.', 'P0001');
    expect((await client().rpc('set_available_now', { p_listing_id: l.id, p_on: true })).error).not.toBeNull();
    expect((await listingRow(l.id))!.available_until).toBe(on.available_until);

    expect(expectOk<any>(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: false })).available_until).toBeNull();
    expectOk(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: true }));
    expectOk(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: false }));
    expectError(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: true }),
      'Hai già usato "Disponibile ora" 2 volte oggi per questo annuncio: potrai riattivarlo domani.', 'P0001');

    // Yesterday's uses (Rome's calendar) do not count today.
    const yesterday = iso(romeAt(-1, '12:00').getTime());
    expectOk(await admin().from('listing_available_now_uses').update({ started_at: yesterday }).eq('listing_id', l.id).select('id'));
    expectOk(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: true }));
    const { data: uses } = await admin().from('listing_available_now_uses').select('started_at').eq('listing_id', l.id);
    expect(uses).toHaveLength(3);
  });

  it('is refused on a paused listing, and pausing ends it', async () => {
    const u = await makeUser();
    const l = await makePublic(u);
    expectOk(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: true }));
    expectOk(await u.client.rpc('pause_listing', { p_listing_id: l.id }));
    expect((await listingRow(l.id))!.available_until).toBeNull();
    expectError(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: true }),
      'Solo un annuncio attivo e visibile può essere "Disponibile ora".', 'P0001');
  });

  it('the filter finds it only while its end is in the future; the detail carries the end', async () => {
    const u = await makeUser();
    const city = `Disponibilia ${tag('c')}`;
    const l = await makePublic(u, { p_city: city });
    const anon = client();
    const find = async () => (expectOk(await anon.rpc('search_listings', { p_city: city, p_available_now: true })) as { id: string }[]).map((r) => r.id);
    const total = async () => Number(expectOk(await anon.rpc('search_listings_count', { p_city: city, p_available_now: true })));
    expect(await find()).toEqual([]);
    const on = expectOk<any>(await u.client.rpc('set_available_now', { p_listing_id: l.id, p_on: true }));
    expect(await find()).toEqual([l.id]);
    expect(await total()).toBe(1);
    const rows = expectOk(await anon.rpc('search_listings', { p_city: city })) as { id: string; available_until: string }[];
    expect(rows[0]!.available_until).toBe(on.available_until);
    const detail = expectOk<any>(await anon.rpc('listing_detail', { p_id: l.id }));
    expect(detail.listing.available_until).toBe(on.available_until);
    expect(detail.listing).not.toHaveProperty('promotion_credits_paid');

    // Its time is over (a stored end in the past): gone from the filter at once, no job needed.
    await setRow(l.id, { available_until: iso(Date.now() - 1000) });
    expect(await find()).toEqual([]);
    expect(await total()).toBe(0);
    expect((expectOk(await anon.rpc('search_listings', { p_city: city })) as unknown[]).length).toBe(1);
  });

  it('boosts within its tier, fading linearly over its 2 hours, never above a promoted listing', async () => {
    const u = await makeUser();
    const city = `Boostania ${tag('c')}`;
    const T = Date.now();
    const make = async (name: string, rankAgo: number, availableUntil: number | null, promoted = false) => {
      const l = await makePublic(u, { p_city: city, p_title: `Annuncio di prova ${name}` });
      await setRow(l.id, {
        created_at: iso(T - rankAgo),
        last_bumped_at: null,
        available_until: availableUntil === null ? null : iso(availableUntil),
        ...(promoted ? { is_premium: true, promotion_mode: 'day', promotion_start_at: iso(T - HOUR), promotion_end_at: iso(T + DAY) } : {}),
      });
      return { name, id: l.id };
    };
    const ls = [
      await make('P', 10 * DAY, null, true), // promoted, old
      await make('Q', 20 * DAY, T + 2 * HOUR, true), // promoted and just switched on
      await make('X', HOUR, null), // base, fresh
      await make('Y', 5 * DAY, T + 2 * HOUR), // base, just switched on: lifted to now
      await make('Z', 5 * DAY, T + HOUR), // base, half way: half of its lift left
      await make('W', 3 * DAY, null), // base
      await make('V', 5 * DAY, T - MIN), // base, its two hours are over
    ];
    const name = (id: string) => ls.find((l) => l.id === id)!.name;
    const anon = client();
    const asked = Date.now();
    const rows = expectOk(await anon.rpc('search_listings', { p_city: city, p_limit: 50 })) as { id: string; promoted: boolean; rank_at: string }[];
    const answered = Date.now();
    expect(rows.map((r) => name(r.id))).toEqual(['Q', 'P', 'Y', 'X', 'Z', 'W', 'V']);
    const rank = (n: string) => new Date(rows.find((r) => name(r.id) === n)!.rank_at).getTime();
    // The lift at `now`: from the rank towards the switch-on (its end - 2 h), fading linearly to nothing at its end.
    const lifted = (rankAgo: number, until: number, now: number) =>
      T - rankAgo + (until - 2 * HOUR - (T - rankAgo)) * Math.min(1, Math.max(0, (until - now) / (2 * HOUR)));
    // The server's clock is between asking and answering; the lift only fades, so the rank lies between.
    const between = (n: string, rankAgo: number, until: number) => {
      expect(rank(n)).toBeGreaterThanOrEqual(lifted(rankAgo, until, answered) - 1000);
      expect(rank(n)).toBeLessThanOrEqual(lifted(rankAgo, until, asked) + 1000);
    };
    between('Y', 5 * DAY, T + 2 * HOUR); // about T: the whole lift, from 5 days ago to its switch-on
    between('Z', 5 * DAY, T + HOUR); // about T - 2.5 days: half of its lift (to T - 1 h) left
    between('Q', 20 * DAY, T + 2 * HOUR);
    expect(Math.abs(lifted(5 * DAY, T + HOUR, T) - (T - 5 * DAY + (5 * DAY - HOUR) / 2))).toBeLessThan(1);
    expect(rank('V')).toBe(T - 5 * DAY);
    expect(rank('W')).toBe(T - 3 * DAY);
    expect(rows.map((r) => r.promoted)).toEqual([true, true, false, false, false, false, false]);

    // Page after page through the keyset cursor: the same order, nobody twice or missing.
    const paged: string[] = [];
    let after = {};
    for (;;) {
      const page = expectOk(await anon.rpc('search_listings', { p_city: city, p_limit: 2, ...after })) as typeof rows;
      paged.push(...page.map((r) => name(r.id)));
      if (page.length < 2) break;
      const last = page[page.length - 1]!;
      after = { p_after_promoted: last.promoted, p_after_rank: last.rank_at, p_after_id: last.id };
    }
    expect(paged).toEqual(['Q', 'P', 'Y', 'X', 'Z', 'W', 'V']);

    const available = expectOk(await anon.rpc('search_listings', { p_city: city, p_available_now: true })) as typeof rows;
    expect(available.map((r) => name(r.id))).toEqual(['Q', 'Y', 'Z']);
  });
});

/** The listing's expiry moved to `msFromNow` (negative: already past), like the clock moving. */
async function expiresIn(l: { id: string }, msFromNow: number) {
  const row = (await listingRow(l.id))!;
  await travel(l.id, new Date(row.expires_at).getTime() - (Date.now() + msFromNow));
}

const renewals = async (u: TestUser) =>
  (await admin().from('credit_transactions').select('type, amount, description, listing_id').eq('user_id', u.id).eq('type', 'auto_renewal')).data!;

describe("'Rinnovo automatico'", () => {
  it('renews at expiry for the publication cost, once per period even when the job runs twice', async () => {
    const u = await makeUser();
    const l = await makePublic(u, { p_title: 'Rinnovo automatico di prova' });
    expect(expectOk<any>(await u.client.rpc('set_auto_renew', { p_listing_id: l.id, p_on: true })).auto_renew).toBe(true);
    await setCredits(u.id, 25);
    await expiresIn(l, -MIN);
    await admin().rpc('expire_listings', {});
    await admin().rpc('expire_listings', {});
    expect(await credits(u.id)).toBe(15);
    expect(await renewals(u)).toEqual([{ type: 'auto_renewal', amount: -10, description: 'Rinnovo automatico: Rinnovo automatico di prova', listing_id: l.id }]);
    const row = (await listingRow(l.id))!;
    near(row.expires_at, Date.now() + 30 * DAY, 30_000);
    expect(row.auto_renew).toBe(true);
    const { data: notes } = await u.client.from('admin_notifications').select('type').eq('entity_id', l.id);
    expect(notes).toEqual([]);

    // Due before the job's next run (15 minutes): renewed from its expiry, so it never lapses.
    await expiresIn(l, 10 * MIN);
    const before = (await listingRow(l.id))!.expires_at as string;
    await admin().rpc('expire_listings', {});
    expect(ms((await listingRow(l.id))!.expires_at, before)).toBe(30 * DAY);
    expect(await renewals(u)).toHaveLength(2);
    expect(await credits(u.id)).toBe(5);
  });

  it('with too few credits the listing expires, the switch turns off and the owner is told once', async () => {
    const u = await makeUser();
    const l = await makePublic(u, { p_title: 'Annuncio senza crediti' });
    expectOk(await u.client.rpc('set_auto_renew', { p_listing_id: l.id, p_on: true }));
    await setCredits(u.id, 9);
    // Not expired yet: nothing happens (the owner may still buy credits).
    await expiresIn(l, 10 * MIN);
    await admin().rpc('expire_listings', {});
    expect((await listingRow(l.id))!.auto_renew).toBe(true);

    await expiresIn(l, -MIN);
    await admin().rpc('expire_listings', {});
    await admin().rpc('expire_listings', {});
    expect(await credits(u.id)).toBe(9);
    expect(await renewals(u)).toEqual([]);
    const row = (await listingRow(l.id))!;
    expect(row.auto_renew).toBe(false);
    expect(new Date(row.expires_at).getTime()).toBeLessThan(Date.now());
    const { data: notes } = await u.client.from('admin_notifications').select('type, message').eq('entity_id', l.id).order('created_at').order('type');
    // Both come from the same run (one created_at): by type then.
    expect(notes).toEqual([
      { type: 'auto_renew_failed', message: 'Crediti insufficienti per il rinnovo automatico di "Annuncio senza crediti"' },
      { type: 'listing_expired', message: expect.stringMatching(/^Il tuo annuncio "Annuncio senza crediti" è scaduto il /) },
    ]);
    // An expired listing is renewed by hand before the switch can go back on.
    expectError(await u.client.rpc('set_auto_renew', { p_listing_id: l.id, p_on: true }),
      "L'annuncio è scaduto: rinnovalo prima di attivare il rinnovo automatico.", 'P0001');
  });

  it('a paused listing is neither charged nor renewed once its frozen expiry has passed (issue 42)', async () => {
    const u = await makeUser();
    const paused = await makePublic(u, { p_title: 'Annuncio in pausa' });
    const running = await makePublic(u, { p_title: 'Annuncio attivo' });
    for (const l of [paused, running]) expectOk(await u.client.rpc('set_auto_renew', { p_listing_id: l.id, p_on: true }));
    expectOk(await u.client.rpc('pause_listing', { p_listing_id: paused.id }));
    await setCredits(u.id, 25);
    // Both expiries a day past (the rows are moved, not the job's clock: a clock a month ahead
    // would expire every listing of the suite's shared database, the seed's included).
    for (const l of [paused, running]) await expiresIn(l, -DAY);
    const frozen = (await listingRow(paused.id))!;
    expect(frozen).toMatchObject({ is_paused: true, auto_renew: true });
    await admin().rpc('expire_listings', {});
    await admin().rpc('expire_listings', {});
    // The running listing, renewed by the same run, shows the clock was late enough.
    expect(await renewals(u)).toEqual([{ type: 'auto_renewal', amount: -10, description: 'Rinnovo automatico: Annuncio attivo', listing_id: running.id }]);
    expect(await credits(u.id)).toBe(15);
    near((await listingRow(running.id))!.expires_at, Date.now() + 30 * DAY, 30_000);
    const after = (await listingRow(paused.id))!;
    expect(after).toMatchObject({ is_paused: true, auto_renew: true, expires_at: frozen.expires_at, remaining_expires_at_duration: frozen.remaining_expires_at_duration });
    const { data: notes } = await admin().from('admin_notifications').select('type').eq('entity_id', paused.id);
    expect(notes).toEqual([]);
  });

  it('only the owner turns it on or off', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const l = await makePublic(u);
    expectError(await other.client.rpc('set_auto_renew', { p_listing_id: l.id, p_on: true }), 'Annuncio non trovato.', 'P0001');
    expect((await client().rpc('set_auto_renew', { p_listing_id: l.id, p_on: true })).error).not.toBeNull();
    expect((await listingRow(l.id))!.auto_renew).toBe(false);
  });
});

describe('scheduled promotions', () => {
  it('start on their minute through the promotion job, at most 6 Rome days ahead', async () => {
    const u = await makeUser({ credits: 200 });
    const l = await makePublic(u);
    const start = romeAt(1, '12:00').getTime();
    // Seconds are dropped: the slot starts on the minute.
    const r = expectOk<any>(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 1, p_start_at: iso(start + 42_000) }));
    expect(new Date(r.listing.promotion_start_at).getTime()).toBe(start);
    expect(r.listing.last_bumped_at).toBeNull();
    await admin().rpc('run_promotion_bumps', { p_now: iso(start - 1000) });
    expect((await listingRow(l.id))!.last_bumped_at).toBeNull();
    await admin().rpc('run_promotion_bumps', { p_now: iso(start) });
    expect(new Date((await listingRow(l.id))!.last_bumped_at).getTime()).toBe(start);

    const far = await makePublic(u);
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: far.id, p_mode: 'night', p_days: 1, p_start_at: iso(romeAt(6, '23:00').getTime()) }));
    expectError(await u.client.rpc('promote_listing', { p_listing_id: (await makePublic(u)).id, p_mode: 'night', p_days: 1, p_start_at: iso(romeAt(7, '00:00').getTime()) }),
      'La promozione può iniziare al massimo tra 6 giorni.', 'P0001');
  });

  it('cancelled before the start refunds every credit paid and gives back no extra life', async () => {
    const u = await makeUser({ credits: 500 });
    const l = await makePublic(u, { p_title: 'Promozione da annullare' });
    const expiry = (await listingRow(l.id))!.expires_at as string;
    const start = iso(romeAt(5, '22:00').getTime());
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'night', p_days: 30, p_start_at: start }));
    // Extending the pending promotion: both charges are refunded.
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'night', p_days: 1 }));
    expect(await credits(u.id)).toBe(500 - 360 - 12);
    expect(new Date((await listingRow(l.id))!.expires_at).getTime()).toBeGreaterThan(new Date(expiry).getTime());

    const other = await makeUser();
    expectError(await other.client.rpc('cancel_scheduled_promotion', { p_listing_id: l.id }), 'Annuncio non trovato.', 'P0001');

    const r = expectOk<any>(await u.client.rpc('cancel_scheduled_promotion', { p_listing_id: l.id }));
    expect(r.refunded).toBe(372);
    expect(await credits(u.id)).toBe(500);
    const row = (await listingRow(l.id))!;
    expect(row).toMatchObject({ is_premium: false, promotion_mode: null, promotion_start_at: null, promotion_end_at: null, promotion_credits_paid: null });
    expect(ms(row.expires_at, expiry)).toBe(0);
    const { data: tx } = await admin().from('credit_transactions').select('type, amount, description, listing_id').eq('user_id', u.id).eq('type', 'promotion_refund');
    expect(tx).toEqual([{ type: 'promotion_refund', amount: 372, description: 'Rimborso promozione annullata: Promozione da annullare', listing_id: l.id }]);
    // Nothing left to cancel.
    expectError(await u.client.rpc('cancel_scheduled_promotion', { p_listing_id: l.id }), 'La promozione è già iniziata: non può più essere annullata.', 'P0001');
    expect(await credits(u.id)).toBe(500);
  });

  it('a started promotion cannot be cancelled', async () => {
    const u = await makeUser({ credits: 100 });
    const l = await makePublic(u);
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 1 }));
    expectError(await u.client.rpc('cancel_scheduled_promotion', { p_listing_id: l.id }), 'La promozione è già iniziata: non può più essere annullata.', 'P0001');
    expect(await credits(u.id)).toBe(92);
  });
});

describe('the columns of these tools', () => {
  it('nobody writes them directly (read back as service_role)', async () => {
    const u = await makeUser();
    const l = await makePublic(u);
    const before = (await listingRow(l.id))!;
    for (const patch of [
      { available_until: iso(Date.now() + 10 * HOUR) },
      { auto_renew: true },
      { promotion_credits_paid: 999 },
      { promotion_expiry_added: '10 days' },
    ]) {
      const res = await u.client.from('listings').update(patch).eq('id', l.id).select('id');
      expect(res.error, JSON.stringify(patch)).not.toBeNull();
    }
    const after = (await listingRow(l.id))!;
    for (const k of ['available_until', 'auto_renew', 'promotion_credits_paid', 'promotion_expiry_added']) expect(after[k]).toEqual(before[k]);
    expect((await u.client.from('listing_available_now_uses').insert({ listing_id: l.id })).error).not.toBeNull();
    expect((await u.client.from('listing_available_now_uses').select('id')).error).not.toBeNull();
    expect((await client().from('listing_available_now_uses').select('id')).error).not.toBeNull();
  });
});
