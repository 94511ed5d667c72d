/** The cron job bodies, called directly as service_role with a chosen "now". */
import { describe, expect, it } from 'vitest';
import { admin, DAY, expectOk, listingRow, travel } from '../support/db.ts';
import { makeListing, makeUser } from '../support/factories.ts';

describe('scheduled jobs', () => {
  it('end_expired_promotions clears promotions that are over (not paused ones)', async () => {
    const u = await makeUser({ credits: 100 });
    const l = await makeListing(u);
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 1 }));
    await travel(l.id, 2 * DAY);
    expect(expectOk(await admin().rpc('end_expired_promotions', {}))).toBeGreaterThanOrEqual(1);
    expect(await listingRow(l.id)).toMatchObject({ is_premium: false, promotion_mode: null, promotion_start_at: null, promotion_end_at: null });

    const p = await makeListing(u);
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: p.id, p_mode: 'day', p_days: 1 }));
    expectOk(await u.client.rpc('pause_listing', { p_listing_id: p.id }));
    await travel(p.id, 2 * DAY);
    expectOk(await admin().rpc('end_expired_promotions', {}));
    expect((await listingRow(p.id))!.is_premium).toBe(true);
  });

  it('notify_expiring_listings warns once a day before; expire_listings notifies once after', async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    await travel(l.id, 29.5 * DAY);
    expect(expectOk(await admin().rpc('notify_expiring_listings', {}))).toBeGreaterThanOrEqual(1);
    await admin().rpc('notify_expiring_listings', {});
    const { data: warn } = await u.client.from('admin_notifications').select('type, message').eq('entity_id', l.id);
    expect(warn).toHaveLength(1);
    expect(warn![0]!.type).toBe('listing_expiring');
    expect(warn![0]!.message).toMatch(/^Il tuo annuncio "Giulia, dolce e raffinata" scade il \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/);

    await travel(l.id, DAY);
    await admin().rpc('expire_listings', {});
    await admin().rpc('expire_listings', {});
    const { data: all } = await u.client.from('admin_notifications').select('type').eq('entity_id', l.id).order('created_at');
    expect(all!.map((n) => n.type)).toEqual(['listing_expiring', 'listing_expired']);
  });

  it('night bump slots: 5 per night 21:00-05:00 Europe/Rome, none by day', async () => {
    const slot = async (iso: string) => expectOk(await admin().rpc('night_bump_slot_start', { p_now: iso })) as string | null;
    // winter (UTC+1)
    expect(await slot('2026-12-01T12:00:00Z')).toBeNull();
    expect(new Date((await slot('2026-12-01T20:10:00Z'))!).toISOString()).toBe('2026-12-01T20:00:00.000Z'); // 21:10 Rome
    expect(new Date((await slot('2026-12-01T21:40:00Z'))!).toISOString()).toBe('2026-12-01T21:36:00.000Z'); // 22:40 Rome
    expect(new Date((await slot('2026-12-02T03:59:00Z'))!).toISOString()).toBe('2026-12-02T02:24:00.000Z'); // 04:59 Rome
    expect(await slot('2026-12-02T04:00:00Z')).toBeNull(); // 05:00 Rome
    // summer (UTC+2)
    expect(new Date((await slot('2026-07-01T19:00:00Z'))!).toISOString()).toBe('2026-07-01T19:00:00.000Z');
  });

  it('run_promotion_bumps bumps night promotions once per slot and pending day promotions at start', async () => {
    const u = await makeUser({ credits: 1000 });
    const night = await makeListing(u);
    const start = new Date(Date.now() + 60_000).toISOString();
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: night.id, p_mode: 'night', p_days: 30, p_start_at: start }));
    const day = await makeListing(u);
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: day.id, p_mode: 'day', p_days: 30, p_start_at: start }));
    // A night 11 days ahead: every seed promotion is over by then (the longest ends within 10
    // days), so the bumps touch no demo listing and the public order of the seed stays fixed.
    const base = new Date(Date.now() + 11 * DAY);
    const ymd = base.toISOString().slice(0, 10);
    const at = async (iso: string) => expectOk(await admin().rpc('run_promotion_bumps', { p_now: iso }));
    const rome = (hhmm: string, dayOffset = 0) => {
      const d = new Date(`${ymd}T${hhmm}:00Z`);
      d.setUTCDate(d.getUTCDate() + dayOffset);
      // Europe/Rome offset for that date
      const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', timeZoneName: 'shortOffset' }).formatToParts(d).find((p) => p.type === 'timeZoneName')!.value;
      const h = Number(offset.replace('GMT', '') || 0);
      return new Date(d.getTime() - h * 3600_000).toISOString();
    };
    await at(rome('12:00'));
    expect((await listingRow(day.id))!.last_bumped_at).not.toBeNull();
    expect((await listingRow(night.id))!.last_bumped_at).toBeNull();
    const dayBump = (await listingRow(day.id))!.last_bumped_at;
    await at(rome('21:05'));
    const b1 = (await listingRow(night.id))!.last_bumped_at;
    expect(new Date(b1).toISOString()).toBe(rome('21:05'));
    await at(rome('21:50'));
    expect((await listingRow(night.id))!.last_bumped_at).toBe(b1);
    for (const t of ['22:40', '00:15', '01:50', '03:30']) await at(rome(t, t < '12:00' ? 1 : 0));
    expect(new Date((await listingRow(night.id))!.last_bumped_at).toISOString()).toBe(rome('03:30', 1));
    expect((await listingRow(day.id))!.last_bumped_at).toBe(dayBump);
  });
});
