/** create_listing, pause/resume clock freezing, promote_listing (charge, extend, pending, discount), renew, reset. */
import { describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, credits, DAY, expectError, expectOk, listingRow, ms, photoUrl, setCredits, travel } from '../support/db.ts';
import { makeCoupon, makeListing, makeUser, validListing } from '../support/factories.ts';

describe('create_listing', () => {
  it('charges 10 crediti, writes listing_creation and sets expires_at 30 days ahead', async () => {
    const u = await makeUser({ credits: 25 });
    const l = await makeListing(u, {}, false);
    expect(await credits(u.id)).toBe(15);
    expect(Math.abs(ms(l.expires_at, l.created_at) - 30 * DAY)).toBeLessThan(5000);
    expect(l.slug).toMatch(/^giulia-dolce-e-raffinata-milano-[0-9a-f]{6}$/);
    const { data: tx } = await admin().from('credit_transactions').select('*').eq('user_id', u.id);
    expect(tx).toHaveLength(1);
    expect(tx![0]).toMatchObject({ type: 'listing_creation', amount: -10, listing_id: l.id });
  });

  it('refuses without enough credits and leaves nothing behind', async () => {
    const u = await makeUser({ credits: 9 });
    expectError(await u.client.rpc('create_listing', validListing), 'Crediti insufficienti: servono 10 crediti, ne hai 9.', 'P0001');
    expect(await credits(u.id)).toBe(9);
    const { data } = await admin().from('listings').select('id').eq('user_id', u.id);
    expect(data).toHaveLength(0);
  });

  it.each([
    [{ p_title: 'Ciao' }, 'Il titolo deve contenere da 5 a 120 caratteri.'],
    [{ p_description: 'troppo corta' }, 'La descrizione deve contenere da 20 a 5000 caratteri.'],
    [{ p_age: 17 }, "L'età deve essere compresa tra 18 e 99 anni."],
    [{ p_age: 100 }, "L'età deve essere compresa tra 18 e 99 anni."],
    [{ p_category: 'animali' }, 'Categoria non valida.'],
    [{ p_city: ' ' }, 'Indica una città valida.'],
    [{ p_hair_color: ['verde'] }, 'Uno o più valori selezionati non sono validi.'],
    [{ p_offered_services: ['69', 'inventato'] }, 'Uno o più valori selezionati non sono validi.'],
  ])('validates %j in Italian', async (patch, message) => {
    const u = await makeUser({ credits: 10 });
    expectError(await u.client.rpc('create_listing', { ...validListing, ...patch }), message, 'P0001');
    expect(await credits(u.id)).toBe(10);
  });

  it('is refused to anonymous and banned users', async () => {
    const { client } = await import('../support/clients.ts');
    const anon = await client().rpc('create_listing', validListing);
    expect(anon.error).not.toBeNull();
    const b = await makeUser({ role: 'banned', credits: 50 });
    expectError(await b.client.rpc('create_listing', validListing), 'Il tuo account è sospeso: non puoi eseguire questa operazione.', '42501');
    expect(await credits(b.id)).toBe(50);
  });
});

describe('pause / resume', () => {
  it('freezes the listing clock while paused and restores the remaining time from now', async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    const paused = expectOk<any>(await u.client.rpc('pause_listing', { p_listing_id: l.id }));
    expect(paused.is_paused).toBe(true);
    const remainingBefore = ms(l.expires_at, paused.paused_at);
    // ten days pass while paused
    await travel(l.id, 10 * DAY);
    const resumed = expectOk<any>(await u.client.rpc('resume_listing', { p_listing_id: l.id }));
    expect(resumed.is_paused).toBe(false);
    expect(resumed.paused_at).toBeNull();
    expect(resumed.remaining_expires_at_duration).toBeNull();
    expect(Math.abs(ms(resumed.expires_at, new Date().toISOString()) - remainingBefore)).toBeLessThan(10_000);
  });

  it('a listing paused with a day left outlives its old expiry: resumed 40 days later it has that day and is public again', async () => {
    const u = await makeUser();
    const city = `Pausa ${Date.now().toString(36)}`;
    const l = await makeListing(u, { p_city: city });
    await travel(l.id, 29 * DAY); // one day left
    const paused = expectOk<any>(await u.client.rpc('pause_listing', { p_listing_id: l.id }));
    const left = ms((await listingRow(l.id))!.expires_at, paused.paused_at);
    expect(Math.abs(left - DAY)).toBeLessThan(10_000);
    const anon = client();
    expect(expectOk(await anon.rpc('listing_detail', { p_id: l.id }))).toEqual({ status: 'paused', id: l.id });
    await travel(l.id, 40 * DAY); // its old expiry is 39 days gone
    expectOk(await u.client.rpc('resume_listing', { p_listing_id: l.id }));
    const row = (await listingRow(l.id))!;
    expect(Math.abs(ms(row.expires_at, new Date().toISOString()) - left)).toBeLessThan(10_000);
    expect(expectOk(await anon.rpc('listing_detail', { p_id: l.id }))).toMatchObject({ status: 'active' });
    expect(expectOk(await anon.rpc('search_listings_count', { p_city: city }))).toBe(1);
  });

  it('freezes an active promotion and a pending one moves later by the paused time', async () => {
    const u = await makeUser({ credits: 500 });
    const a = await makeListing(u);
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: a.id, p_mode: 'day', p_days: 3 }));
    const before = (await listingRow(a.id))!;
    expectOk(await u.client.rpc('pause_listing', { p_listing_id: a.id }));
    const frozen = (await listingRow(a.id))!;
    expect(frozen.remaining_promotion_duration).toMatch(/^(2 days 23:5\d|3 days)/);
    await travel(a.id, 2 * DAY);
    const resumed = expectOk<any>(await u.client.rpc('resume_listing', { p_listing_id: a.id }));
    expect(ms(before.promotion_start_at, resumed.promotion_start_at)).toBe(2 * DAY);
    expect(Math.abs(ms(resumed.promotion_end_at, new Date().toISOString()) - 3 * DAY)).toBeLessThan(15_000);

    const p = await makeListing(u);
    // On a whole minute: a scheduled slot starts on its minute (issue 27).
    const start = new Date(Math.ceil((Date.now() + 2 * DAY) / 60_000) * 60_000).toISOString();
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: p.id, p_mode: 'night', p_days: 1, p_start_at: start }));
    expectOk(await u.client.rpc('pause_listing', { p_listing_id: p.id }));
    await travel(p.id, DAY);
    const r = expectOk<any>(await u.client.rpc('resume_listing', { p_listing_id: p.id }));
    // paused one day while 2 days ahead: it still starts 2 days from now
    expect(Math.abs(ms(r.promotion_start_at, start))).toBeLessThan(15_000);
    expect(Math.abs(ms(r.promotion_end_at, r.promotion_start_at) - DAY)).toBeLessThan(1000);
  });

  it('answers Italian errors for wrong states and other people\'s listings', async () => {
    const u = await makeUser();
    const other = await makeUser();
    const l = await makeListing(u);
    expectError(await u.client.rpc('resume_listing', { p_listing_id: l.id }), "L'annuncio non è in pausa.", 'P0001');
    expectError(await other.client.rpc('pause_listing', { p_listing_id: l.id }), 'Annuncio non trovato.', 'P0001');
    expectOk(await u.client.rpc('pause_listing', { p_listing_id: l.id }));
    expectError(await u.client.rpc('pause_listing', { p_listing_id: l.id }), "L'annuncio è già in pausa.", 'P0001');
    expect((await listingRow(l.id))!.is_paused).toBe(true);
  });
});

describe('promote_listing', () => {
  it('charges days x price (day 8, night 12) as premium_upgrade and bumps at start', async () => {
    const u = await makeUser({ credits: 100 });
    const l = await makeListing(u);
    const r = expectOk<any>(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 7 }));
    expect(r.cost).toBe(56);
    expect(r.extended).toBe(false);
    expect(await credits(u.id)).toBe(44);
    const row = (await listingRow(l.id))!;
    expect(row).toMatchObject({ is_premium: true, promotion_mode: 'day' });
    expect(row.last_bumped_at).not.toBeNull();
    expect(ms(row.promotion_end_at, row.promotion_start_at)).toBe(7 * DAY);
    const { data: tx } = await admin().from('credit_transactions').select('*').eq('user_id', u.id).eq('type', 'premium_upgrade');
    expect(tx).toHaveLength(1);
    expect(tx![0]!.amount).toBe(-56);

    const n = await makeListing(u);
    const r2 = expectOk<any>(await u.client.rpc('promote_listing', { p_listing_id: n.id, p_mode: 'night', p_days: 3 }));
    expect(r2.cost).toBe(36);
    expect(await credits(u.id)).toBe(8);
  });

  it('extends an active promotion of the same mode and refuses another mode', async () => {
    const u = await makeUser({ credits: 200 });
    const l = await makeListing(u);
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 1 }));
    const first = (await listingRow(l.id))!;
    const r = expectOk<any>(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 3 }));
    expect(r.extended).toBe(true);
    const after = (await listingRow(l.id))!;
    expect(after.promotion_start_at).toBe(first.promotion_start_at);
    expect(ms(after.promotion_end_at, first.promotion_end_at)).toBe(3 * DAY);
    expectError(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'night', p_days: 1 }),
      'È già presente una promozione di tipo diverso: puoi estenderla solo con lo stesso pacchetto.', 'P0001');
    expect(await credits(u.id)).toBe(200 - 8 - 24);
  });

  it('schedules a future start as pending and keeps the listing alive until the promotion ends', async () => {
    const u = await makeUser({ credits: 500 });
    const l = await makeListing(u);
    // At most 6 Rome days ahead, on a whole minute (issue 27).
    const start = new Date(Math.ceil((Date.now() + 5 * DAY) / 60_000) * 60_000).toISOString();
    // 30 days from 5 days ahead: past the listing's own 30 days.
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 30, p_start_at: start }));
    const row = (await listingRow(l.id))!;
    expect(row.is_premium).toBe(true);
    expect(new Date(row.promotion_start_at).getTime()).toBe(new Date(start).getTime());
    expect(row.last_bumped_at).toBeNull();
    expect(new Date(row.expires_at).getTime()).toBeGreaterThanOrEqual(new Date(row.promotion_end_at).getTime());
    expectError(await u.client.rpc('promote_listing', { p_listing_id: (await makeListing(u)).id, p_mode: 'day', p_days: 1, p_start_at: new Date(Date.now() - DAY).toISOString() }),
      'La data di inizio non può essere nel passato.', 'P0001');
  });

  it('validates mode, duration, credits, pause and ownership', async () => {
    const u = await makeUser({ credits: 7 });
    const other = await makeUser({ credits: 100 });
    const l = await makeListing(u);
    expectError(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'week', p_days: 1 }), 'Tipo di promozione non valido.');
    expectError(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 2 }), 'Durata della promozione non valida.');
    expectError(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 1 }), 'Crediti insufficienti: servono 8 crediti, ne hai 7.');
    expectError(await other.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 1 }), 'Annuncio non trovato.');
    await setCredits(u.id, 100);
    expectOk(await u.client.rpc('pause_listing', { p_listing_id: l.id }));
    expectError(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 1 }), "L'annuncio è in pausa. La promozione non è attiva.");
    expect(await credits(u.id)).toBe(100);
    expect(await credits(other.id)).toBe(100);
    expect((await listingRow(l.id))!.is_premium).toBe(false);
  });

  it('applies a pending percentage coupon once, then charges full price', async () => {
    const u = await makeUser({ credits: 100 });
    const { code } = await makeCoupon({ discount_type: 'percentage', discount_value: 25 });
    expectOk(await u.client.rpc('apply_coupon', { p_code: code }));
    const l = await makeListing(u);
    const r = expectOk<any>(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'night', p_days: 3 }));
    expect(r).toMatchObject({ price: 36, discount: 9, cost: 27, coupon_code: code });
    expect(await credits(u.id)).toBe(73);
    const l2 = await makeListing(u);
    const r2 = expectOk<any>(await u.client.rpc('promote_listing', { p_listing_id: l2.id, p_mode: 'night', p_days: 3 }));
    expect(r2).toMatchObject({ discount: 0, cost: 36 });
    const { data: uc } = await admin().from('user_coupons').select('consumed_at').eq('user_id', u.id);
    expect(uc![0]!.consumed_at).not.toBeNull();
  });

  it('a flat coupon larger than the price makes it free without going negative', async () => {
    const u = await makeUser({ credits: 0 });
    const { code } = await makeCoupon({ discount_type: 'flat_amount', discount_value: 50 });
    expectOk(await u.client.rpc('apply_coupon', { p_code: code }));
    const l = await makeListing(u);
    const r = expectOk<any>(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 1 }));
    expect(r).toMatchObject({ price: 8, discount: 8, cost: 0 });
    expect(await credits(u.id)).toBe(0);
  });
});

describe('renew and reset', () => {
  it('renew_listing charges 10 and adds 30 days; reset_listing_promotion empties the promotion', async () => {
    const u = await makeUser({ credits: 100 });
    const l = await makeListing(u);
    const renewed = expectOk<any>(await u.client.rpc('renew_listing', { p_listing_id: l.id }));
    expect(ms(renewed.expires_at, l.expires_at)).toBe(30 * DAY);
    expect(await credits(u.id)).toBe(90);
    expectOk(await u.client.rpc('promote_listing', { p_listing_id: l.id, p_mode: 'day', p_days: 1 }));
    const reset = expectOk<any>(await u.client.rpc('reset_listing_promotion', { p_listing_id: l.id }));
    expect(reset).toMatchObject({ is_premium: false, promotion_mode: null, promotion_start_at: null, promotion_end_at: null });
  });
});

describe('listing_photos', () => {
  it('allows at most 5 photos, first is primary, and the next becomes primary when it is deleted', async () => {
    const u = await makeUser();
    const l = await makeListing(u);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const { data, error } = await admin().from('listing_photos').insert({ listing_id: l.id, url: photoUrl(u.id, l.id, `${i}.jpg`) }).select().single();
      expect(error).toBeNull();
      ids.push(data!.id);
    }
    const sixth = await admin().from('listing_photos').insert({ listing_id: l.id, url: photoUrl(u.id, l.id, '6.jpg') });
    expectError(sixth, 'Puoi caricare al massimo 5 foto per annuncio.');
    const { data: photos } = await admin().from('listing_photos').select('id, is_primary').eq('listing_id', l.id).order('created_at');
    expect(photos!.filter((p) => p.is_primary).map((p) => p.id)).toEqual([ids[0]]);
    await u.client.from('listing_photos').delete().eq('id', ids[0]!);
    const { data: rest } = await admin().from('listing_photos').select('id, is_primary').eq('listing_id', l.id);
    expect(rest).toHaveLength(4);
    expect(rest!.filter((p) => p.is_primary).map((p) => p.id)).toEqual([ids[1]]);
  });
});
