/**
 * Buying credits through the payment provider: create-purchase opens a pending order and
 * answers the signed FlexPay link; payment-postback settles it only on a valid signature with
 * the order's amount; the local FlexPay sandbox's page sends the postback. Real platform,
 * real database, real HTTP.
 */
import { describe, expect, it } from 'vitest';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { client, platformInfo } from '../support/clients.ts';
import { admin, credits, expectOk, isPostgres } from '../support/db.ts';
import { makeCoupon, makeListing, makeUser, type TestUser } from '../support/factories.ts';
import { flexpaySignature } from '../../supabase/functions/_shared/payments/flexpay.ts';
import { LOCAL_FLEXPAY_SHOP_ID, LOCAL_FLEXPAY_SIGNATURE_KEY } from '../../supabase/functions/_shared/payments/config.ts';
import { describeOnRuntimes, runtimeHeaders, type FunctionRuntime } from '../support/function-runtimes.ts';

async function pkg(name: string) {
  const { data, error } = await admin().from('credit_packages').select('*').eq('name', name).single();
  if (error) throw error;
  return data;
}

/** create-purchase as the user: the order id and the signed hosted-page URL. */
async function startOrder(u: TestUser, packageName = 'Standard'): Promise<{ orderId: string; url: URL }> {
  const p = await pkg(packageName);
  const res = await u.client.functions.invoke('create-purchase', { body: { packageId: p.id } });
  expect(res.error).toBeNull();
  return { orderId: res.data.orderId, url: new URL(res.data.url) };
}

/** A postback signed with the local sandbox's key, as FlexPay sends it. */
async function signed(fields: Record<string, string>, key = LOCAL_FLEXPAY_SIGNATURE_KEY): Promise<Record<string, string>> {
  const params = { shopID: LOCAL_FLEXPAY_SHOP_ID, type: 'purchase', paymentMethod: 'CC', priceCurrency: 'EUR', ...fields };
  return { ...params, signature: await flexpaySignature(key, params) };
}

/** Distinct last bytes for the addresses whose log a test reads (each test runs once per runtime, within the limit's minute). */
const distinctLastBytes = (function* () {
  const start = Math.floor(Math.random() * 250);
  for (let i = 0; ; i += 1) yield ((start + i) % 254) + 1;
})();

/** A client address of the documentation range: each call its own unless given (refusals are limited per address). */
const address = () => `198.51.100.${Math.floor(Math.random() * 254) + 1}, 10.${Math.floor(Math.random() * 1e6)}`;

/** Where payment-postback runs: the 'payment-postback' tests run on each runtime, the others on Node. */
let runtime: FunctionRuntime = 'node';

async function postback(params: Record<string, string>, client = address()): Promise<{ status: number; text: string }> {
  const res = await fetch(`${platformInfo().url}/functions/v1/payment-postback?${new URLSearchParams(params)}`, {
    headers: { 'x-forwarded-for': client, ...runtimeHeaders(runtime) },
  });
  return { status: res.status, text: await res.text() };
}

/** A form-encoded POST postback, as FlexPay may also send it. */
async function postPostback(body: string, client: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${platformInfo().url}/functions/v1/payment-postback`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client, ...runtimeHeaders(runtime) },
    body,
  });
  return { status: res.status, text: await res.text() };
}

async function loggedFrom(client: string) {
  const { data, error } = await admin().from('payment_postbacks').select('outcome, reference, params').eq('client_address', client).order('id');
  if (error) throw error;
  return data;
}

/** A single-use percentage coupon applied by the user. */
async function applyPercentCoupon(u: TestUser, percent: number): Promise<string> {
  const { id, code } = await makeCoupon({ discount_type: 'percentage', discount_value: percent });
  expectOk(await u.client.rpc('apply_coupon', { p_code: code }));
  return id;
}

async function reservation(u: TestUser, couponId: string) {
  const { data, error } = await admin().from('user_coupons').select('reserved_for, consumed_at').eq('user_id', u.id).eq('coupon_id', couponId).single();
  if (error) throw error;
  return data;
}

async function order(id: string) {
  const { data, error } = await admin().from('payments').select('*').eq('id', id).single();
  if (error) throw error;
  return data;
}

async function outcomes(orderId: string): Promise<string[]> {
  const { data, error } = await admin().from('payment_postbacks').select('outcome').eq('reference', orderId).order('id');
  if (error) throw error;
  return data.map((r) => r.outcome);
}

const sale = () => String(Math.floor(Math.random() * 1e9));

describe('create-purchase', () => {
  it('opens a pending order at the discounted price and answers the signed sandbox link with the return URLs', async () => {
    const u = await makeUser({ credits: 0 });
    const code = `PAY${Date.now()}`;
    expectOk(await admin().from('coupons').insert({ code, type: 'single_use', discount_type: 'percentage', discount_value: 10 }));
    expectOk(await u.client.rpc('apply_coupon', { p_code: code }));
    const { orderId, url } = await startOrder(u);

    expect(`${url.origin}${url.pathname}`).toBe(`${platformInfo().url}/flexpay/startorder`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      shopID: LOCAL_FLEXPAY_SHOP_ID, priceAmount: '17.91', priceCurrency: 'EUR', referenceID: orderId, type: 'purchase', version: '4',
      description: '120 crediti - pacchetto Standard',
    });
    expect(params.successURL).toMatch(new RegExp(`^https?://[^/]+/buy-credits/esito\\?order=${orderId}$`));
    expect(params.declineURL).toBe(`${params.successURL}&esito=rifiutato`);

    const row = await order(orderId);
    expect(row).toMatchObject({ user_id: u.id, status: 'pending', provider: 'verotel', provider_reference: orderId, amount_cents: 1791, credits: 120, package_name: 'Standard' });
    expect(row.coupon_id).not.toBeNull();
    const minutes = (new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 0);
    // The owner sees the order (the result screen waits on it); nobody else does.
    expect((await u.client.from('payments').select('status').eq('id', orderId)).data).toEqual([{ status: 'pending' }]);
    const other = await makeUser();
    expect((await other.client.from('payments').select('id').eq('id', orderId)).data).toEqual([]);
  });

  it('answers Italian errors: no package, unknown package, no session', async () => {
    const u = await makeUser();
    const failure = async (res: { error: unknown }) => {
      expect(res.error).toBeInstanceOf(FunctionsHttpError);
      const r = (res.error as FunctionsHttpError).context as Response;
      return { status: r.status, body: await r.json() };
    };
    expect(await failure(await u.client.functions.invoke('create-purchase', { body: {} }))).toEqual({ status: 400, body: { error: 'Scegli un pacchetto di crediti.' } });
    expect(await failure(await u.client.functions.invoke('create-purchase', { body: { packageId: crypto.randomUUID() } })))
      .toEqual({ status: 404, body: { error: 'Pacchetto di crediti non trovato.' } });
    expect(await failure(await u.client.functions.invoke('create-purchase', { body: { packageId: 'nope' } })))
      .toEqual({ status: 400, body: { error: 'Pacchetto di crediti non trovato.' } });
    expect((await failure(await client().functions.invoke('create-purchase', { body: { packageId: (await pkg('Starter')).id } }))).status).toBe(401);
    expect((await u.client.rpc('settle_credit_purchase', { p_provider: 'verotel', p_reference: 'x', p_sale_id: '1', p_amount_cents: 1, p_currency: 'EUR', p_result: 'success' })).error).not.toBeNull();
    expect((await u.client.from('payment_postbacks').select('id')).data).toEqual([]);
  });
  it('refuses a free order (FlexPay cannot charge 0) and more than 10 pending orders per user', async () => {
    const u = await makeUser();
    const starter = await pkg('Starter');
    for (let i = 0; i < 10; i++) expectOk(await u.client.rpc('start_credit_purchase', { p_package_id: starter.id }));
    const eleventh = await u.client.rpc('start_credit_purchase', { p_package_id: starter.id });
    expect(eleventh.error?.message).toBe('Hai troppi ordini in sospeso: riprova tra qualche minuto.');

    const free = await makeUser();
    const code = `FREE${Date.now()}`;
    expectOk(await admin().from('coupons').insert({ code, type: 'single_use', discount_type: 'percentage', discount_value: 100 }));
    expectOk(await free.client.rpc('apply_coupon', { p_code: code }));
    const res = await free.client.rpc('start_credit_purchase', { p_package_id: starter.id });
    expect(res.error?.message).toBe('Questo pacchetto non si può acquistare con il coupon applicato: rimuovilo e riprova.');
    expect((await admin().from('payments').select('id').eq('user_id', free.id)).data).toEqual([]);
  });
});

describeOnRuntimes('payment-postback', (r) => (runtime = r), () => {
  it('credits a signed sale once; a replayed sale id answers OK and credits nothing more', async () => {
    const u = await makeUser({ credits: 0 });
    const { orderId } = await startOrder(u);
    const params = await signed({ saleID: sale(), referenceID: orderId, priceAmount: '19.90' });
    expect(await postback(params)).toEqual({ status: 200, text: 'OK' });
    expect(await credits(u.id)).toBe(120);
    expect(await postback(params)).toEqual({ status: 200, text: 'OK' });
    // Another sale for the same, already paid order: nothing, and the processor is told.
    expect((await postback(await signed({ saleID: sale(), referenceID: orderId, priceAmount: '19.90' }))).text).toBe('ERROR - order_closed');
    expect(await credits(u.id)).toBe(120);
    expect(await order(orderId)).toMatchObject({ status: 'completed', provider_sale_id: params.saleID });
    expect(await outcomes(orderId)).toEqual(['completed', 'already_processed', 'order_closed']);
    const { data: tx } = await admin().from('credit_transactions').select('type, amount').eq('user_id', u.id);
    expect(tx).toEqual([{ type: 'purchase', amount: 120 }]);
  });

  it('a forged, unsigned or tampered postback credits nothing and is logged', async () => {
    const u = await makeUser({ credits: 0 });
    const { orderId } = await startOrder(u);
    const good = await signed({ saleID: sale(), referenceID: orderId, priceAmount: '19.90' });
    const { signature: _, ...unsigned } = good;
    const attempts = [
      await signed({ saleID: sale(), referenceID: orderId, priceAmount: '19.90' }, 'guessed-key'),
      unsigned,
      { ...good, priceAmount: '0.01' },
      { ...good, referenceID: crypto.randomUUID() },
    ];
    for (const a of attempts) expect(await postback(a)).toEqual({ status: 403, text: 'ERROR - invalid_signature' });
    expect(await credits(u.id)).toBe(0);
    expect((await order(orderId)).status).toBe('pending');
    expect(await outcomes(orderId)).toEqual(['invalid_signature', 'invalid_signature', 'invalid_signature']);
  });

  it('a signed postback with another amount or currency credits nothing and is logged', async () => {
    const u = await makeUser({ credits: 0 });
    const { orderId } = await startOrder(u);
    expect(await postback(await signed({ saleID: sale(), referenceID: orderId, priceAmount: '9.90' }))).toEqual({ status: 409, text: 'ERROR - amount_mismatch' });
    expect(await postback(await signed({ saleID: sale(), referenceID: orderId, priceAmount: '19.90', priceCurrency: 'USD' }))).toEqual({ status: 409, text: 'ERROR - amount_mismatch' });
    expect(await postback(await signed({ saleID: sale(), referenceID: crypto.randomUUID(), priceAmount: '19.90' }))).toEqual({ status: 409, text: 'ERROR - unknown_order' });
    expect(await credits(u.id)).toBe(0);
    expect((await order(orderId)).status).toBe('pending');
    expect(await outcomes(orderId)).toEqual(['amount_mismatch', 'amount_mismatch']);
  });

  it('a decline fails the order and credits nothing', async () => {
    const u = await makeUser({ credits: 0 });
    const { orderId } = await startOrder(u, 'Starter');
    expect(await postback(await signed({ saleID: sale(), referenceID: orderId, priceAmount: '9.90', event: 'decline' }))).toEqual({ status: 200, text: 'OK' });
    expect(await order(orderId)).toMatchObject({ status: 'failed', provider_sale_id: null });
    expect(await credits(u.id)).toBe(0);
    expect(await outcomes(orderId)).toEqual(['declined']);
  });

  it('20 parallel identical postbacks credit once', async () => {
    const u = await makeUser({ credits: 0 });
    const { orderId } = await startOrder(u);
    const params = await signed({ saleID: sale(), referenceID: orderId, priceAmount: '19.90' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => postback(params)));
    expect(answers.map((a) => a.text)).toEqual(Array(20).fill('OK'));
    expect(await credits(u.id)).toBe(120);
    const log = await outcomes(orderId);
    expect(log.filter((o) => o === 'completed')).toHaveLength(1);
    expect(log.filter((o) => o === 'already_processed')).toHaveLength(19);
    if (!isPostgres()) console.info('(PGlite serialises everything: run with DATABASE_URL for real concurrency)');
  });

  it('an abandoned order expires after 30 minutes and a late sale never credits it', async () => {
    const u = await makeUser({ credits: 0 });
    const { orderId } = await startOrder(u);
    expectOk(await admin().rpc('expire_purchase_orders', { p_now: new Date(Date.now() + 29 * 60_000).toISOString() }));
    expect((await order(orderId)).status).toBe('pending');
    const n = expectOk(await admin().rpc('expire_purchase_orders', { p_now: new Date(Date.now() + 31 * 60_000).toISOString() }));
    expect(n).toBeGreaterThanOrEqual(1);
    expect((await u.client.from('payments').select('status').eq('id', orderId)).data).toEqual([{ status: 'expired' }]);
    expect(await postback(await signed({ saleID: sale(), referenceID: orderId, priceAmount: '19.90' }))).toEqual({ status: 409, text: 'ERROR - order_expired' });
    expect(await credits(u.id)).toBe(0);
    expect(await outcomes(orderId)).toEqual(['order_expired']);
  });

  it('the expiry job ends only pending orders: paid and declined ones past their time keep their state', async () => {
    const u = await makeUser({ credits: 0 });
    const paid = await startOrder(u, 'Starter');
    const declined = await startOrder(u, 'Starter');
    expect(await postback(await signed({ saleID: sale(), referenceID: paid.orderId, priceAmount: '9.90' }))).toEqual({ status: 200, text: 'OK' });
    expect((await postback(await signed({ saleID: sale(), referenceID: declined.orderId, priceAmount: '9.90', event: 'decline' }))).text).toBe('OK');
    const before = [await order(paid.orderId), await order(declined.orderId)];
    expect(before.map((o) => o.status)).toEqual(['completed', 'failed']);
    expectOk(await admin().rpc('expire_purchase_orders', { p_now: new Date(Date.now() + 31 * 60_000).toISOString() }));
    expect([await order(paid.orderId), await order(declined.orderId)]).toEqual(before);
    expect(await credits(u.id)).toBe(50);
  });

  it("a sale id that already paid another order answers 409 sale_reused, is logged and credits nothing", async () => {
    const u = await makeUser({ credits: 0 });
    const a = await startOrder(u, 'Starter');
    const b = await startOrder(u, 'Starter');
    const saleID = sale();
    expect(await postback(await signed({ saleID, referenceID: a.orderId, priceAmount: '9.90' }))).toEqual({ status: 200, text: 'OK' });
    expect(await postback(await signed({ saleID, referenceID: b.orderId, priceAmount: '9.90' }))).toEqual({ status: 409, text: 'ERROR - sale_reused' });
    expect(await outcomes(b.orderId)).toEqual(['sale_reused']);
    expect(await order(b.orderId)).toMatchObject({ status: 'pending', provider_sale_id: null });
    expect(await credits(u.id)).toBe(50);
  });

  it('a body over 64 KB is refused with 413 before it is read, and nothing is logged', async () => {
    const client = `203.0.113.${distinctLastBytes.next().value}`;
    const res = await postPostback(`junk=${'x'.repeat(100 * 1024)}`, client);
    expect(res.status).toBe(413);
    expect(await loggedFrom(client)).toEqual([]);
  });

  it("a refused postback's parameters are stored summarised to at most 4 KB", async () => {
    const client = `203.0.113.${distinctLastBytes.next().value}`;
    const referenceID = crypto.randomUUID();
    const body = new URLSearchParams({ shopID: LOCAL_FLEXPAY_SHOP_ID, referenceID, saleID: '42', priceAmount: '9.90', signature: 'f'.repeat(64) });
    for (let i = 0; i < 60; i++) body.set(`pad${i}`, 'y'.repeat(900));
    expect(await postPostback(body.toString(), client)).toEqual({ status: 403, text: 'ERROR - invalid_signature' });
    const [row] = await loggedFrom(client);
    expect(row).toMatchObject({ outcome: 'invalid_signature', reference: referenceID });
    expect(Buffer.byteLength(JSON.stringify(row!.params))).toBeLessThanOrEqual(4096);
    expect(row!.params).toMatchObject({ referenceID, saleID: '42', priceAmount: '9.90', _truncated: { keys: 65 } });
    expect(row!.params._truncated.bytes).toBeGreaterThan(54_000);
    // A small refused postback is kept as it came.
    const small = await signed({ saleID: '7', referenceID, priceAmount: '9.90' }, 'guessed-key');
    expect((await postback(small, client)).status).toBe(403);
    expect((await loggedFrom(client))[1]!.params).toEqual(small);
  });

  it('refused postbacks are limited per client address: past 20 a minute the answer is 429 and nothing is stored', async () => {
    const client = `192.0.2.${distinctLastBytes.next().value}`;
    const forged = await signed({ saleID: sale(), referenceID: crypto.randomUUID(), priceAmount: '9.90' }, 'guessed-key');
    const answers = await Promise.all(Array.from({ length: 25 }, () => postback(forged, `${client}, 10.0.0.1`)));
    expect(answers.filter((a) => a.status === 403)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429).map((a) => a.text)).toEqual(Array(5).fill('ERROR - too many requests'));
    expect(await loggedFrom(client)).toHaveLength(20);
    // Another address is refused as usual, and a signed postback from the limited one still settles.
    expect((await postback(forged)).status).toBe(403);
    const u = await makeUser({ credits: 0 });
    const { orderId } = await startOrder(u, 'Starter');
    expect(await postback(await signed({ saleID: sale(), referenceID: orderId, priceAmount: '9.90' }), client)).toEqual({ status: 200, text: 'OK' });
  });
});

describe('one discount coupon, one order', () => {
  it('a coupon reserved by an open order: other orders and promotions pay full price, and the quote says which order holds it', async () => {
    const u = await makeUser({ credits: 40 });
    const couponId = await applyPercentCoupon(u, 15);
    const starter = await pkg('Starter');
    const first = await startOrder(u, 'Starter');
    expect(first.url.searchParams.get('priceAmount')).toBe('8.41');
    expect(await reservation(u, couponId)).toEqual({ reserved_for: first.orderId, consumed_at: null });
    const quote = expectOk(await u.client.rpc('quote_credit_package', { p_package_id: starter.id })) as Record<string, unknown>;
    expect(quote).toMatchObject({ amount_cents: 990, discount_cents: 0, coupon_id: null, reserved_order_id: first.orderId });
    expect(quote.reserved_code).toBeTruthy();
    const second = await startOrder(u, 'Starter');
    expect(second.url.searchParams.get('priceAmount')).toBe('9.90');
    expect((await order(second.orderId)).coupon_id).toBeNull();
    // A promotion does not take the order's coupon either.
    const listing = await makeListing(u);
    const promo = expectOk(await u.client.rpc('promote_listing', { p_listing_id: listing.id, p_mode: 'day', p_days: 1 })) as Record<string, unknown>;
    expect(promo.discount).toBe(0);
    expect(await reservation(u, couponId)).toEqual({ reserved_for: first.orderId, consumed_at: null });
  });

  it('an order that expires frees its coupon for the next order; its late sale is refused', async () => {
    const u = await makeUser({ credits: 0 });
    const couponId = await applyPercentCoupon(u, 15);
    const first = await startOrder(u, 'Starter');
    expectOk(await admin().from('payments').update({ expires_at: new Date(Date.now() - 60_000).toISOString() }).eq('id', first.orderId));
    expectOk(await admin().rpc('expire_purchase_orders', {}));
    expect(await reservation(u, couponId)).toEqual({ reserved_for: null, consumed_at: null });
    const next = await startOrder(u, 'Starter');
    expect(next.url.searchParams.get('priceAmount')).toBe('8.41');
    expect((await postback(await signed({ saleID: sale(), referenceID: first.orderId, priceAmount: '8.41' }))).text).toBe('ERROR - order_expired');
    expect(await postback(await signed({ saleID: sale(), referenceID: next.orderId, priceAmount: '8.41' }))).toEqual({ status: 200, text: 'OK' });
    expect((await reservation(u, couponId)).reserved_for).toBe(next.orderId);
    expect(await credits(u.id)).toBe(50);
  });

  it('a declined order frees its coupon; a later sale of it completes only while the coupon is still free', async () => {
    const u = await makeUser({ credits: 0 });
    const couponId = await applyPercentCoupon(u, 15);
    const first = await startOrder(u, 'Starter');
    expect((await postback(await signed({ saleID: sale(), referenceID: first.orderId, priceAmount: '8.41', event: 'decline' }))).text).toBe('OK');
    expect(await reservation(u, couponId)).toEqual({ reserved_for: null, consumed_at: null });
    const next = await startOrder(u, 'Starter');
    expect(next.url.searchParams.get('priceAmount')).toBe('8.41');
    // The declined order is paid after all, but its coupon now belongs to the next order.
    expect(await postback(await signed({ saleID: sale(), referenceID: first.orderId, priceAmount: '8.41' }))).toEqual({ status: 409, text: 'ERROR - coupon_unavailable' });
    expect(await outcomes(first.orderId)).toEqual(['declined', 'coupon_unavailable']);
    expect(await credits(u.id)).toBe(0);
    expect(await postback(await signed({ saleID: sale(), referenceID: next.orderId, priceAmount: '8.41', event: 'decline' }))).toEqual({ status: 200, text: 'OK' });
    // Free again: the first order's sale now completes and takes it.
    expect(await postback(await signed({ saleID: sale(), referenceID: first.orderId, priceAmount: '8.41' }))).toEqual({ status: 200, text: 'OK' });
    expect((await reservation(u, couponId)).reserved_for).toBe(first.orderId);
    expect(await credits(u.id)).toBe(50);
  });
});

describe('the local FlexPay sandbox', () => {
  /** The hosted page's form: its fields and where it posts. */
  async function hostedPage(url: URL): Promise<{ status: number; html: string; fields: Record<string, string> }> {
    const res = await fetch(url);
    const html = await res.text();
    const fields: Record<string, string> = {};
    const unescape = (s: string) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[m[1]!] = unescape(m[2]!);
    return { status: res.status, html, fields };
  }

  async function choose(fields: Record<string, string>, action: string): Promise<Response> {
    return fetch(`${platformInfo().url}/flexpay/startorder`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, action }),
      redirect: 'manual',
    });
  }

  it("shows the order in Italian; 'Paga' posts back, credits once and returns to successURL", async () => {
    const u = await makeUser({ credits: 5 });
    const { orderId, url } = await startOrder(u);
    const page = await hostedPage(url);
    expect(page.status).toBe(200);
    expect(page.html).toContain('<html lang="it">');
    expect(page.html).toContain('120 crediti - pacchetto Standard');
    expect(page.html).toMatch(/19,90\s€/);
    for (const label of ['>Paga<', '>Rifiuta<', '>Errore<']) expect(page.html).toContain(label);

    const res = await choose(page.fields, 'paga');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(url.searchParams.get('successURL'));
    expect(await credits(u.id)).toBe(125);
    expect((await order(orderId)).status).toBe('completed');
    // Paying the same page again sends the same sale: nothing more.
    expect((await choose(page.fields, 'paga')).status).toBe(303);
    expect(await credits(u.id)).toBe(125);
    expect(await outcomes(orderId)).toEqual(['completed', 'already_processed']);
  });

  it("'Rifiuta' fails the order, 'Errore' leaves it pending; both return to declineURL", async () => {
    const u = await makeUser({ credits: 0 });
    const declined = await startOrder(u, 'Starter');
    const r1 = await choose((await hostedPage(declined.url)).fields, 'rifiuta');
    expect([r1.status, r1.headers.get('location')]).toEqual([303, declined.url.searchParams.get('declineURL')]);
    expect((await order(declined.orderId)).status).toBe('failed');

    const errored = await startOrder(u, 'Starter');
    const r2 = await choose((await hostedPage(errored.url)).fields, 'errore');
    expect([r2.status, r2.headers.get('location')]).toEqual([303, errored.url.searchParams.get('declineURL')]);
    expect((await order(errored.orderId)).status).toBe('pending');
    expect(await credits(u.id)).toBe(0);
  });

  it('a single-use 15% coupon and three orders opened before paying: paid through the sandbox, only the first is discounted', async () => {
    const u = await makeUser({ credits: 0 });
    const couponId = await applyPercentCoupon(u, 15);
    const orders = [await startOrder(u, 'Starter'), await startOrder(u, 'Starter'), await startOrder(u, 'Starter')];
    expect(orders.map((o) => o.url.searchParams.get('priceAmount'))).toEqual(['8.41', '9.90', '9.90']);
    for (const o of orders) expect((await choose((await hostedPage(o.url)).fields, 'paga')).status).toBe(303);
    const rows = await Promise.all(orders.map((o) => order(o.orderId)));
    expect(rows.map((r) => [r.status, r.amount_cents, r.coupon_id])).toEqual([
      ['completed', 841, couponId],
      ['completed', 990, null],
      ['completed', 990, null],
    ]);
    expect(await credits(u.id)).toBe(150);
    const used = await reservation(u, couponId);
    expect(used.reserved_for).toBe(orders[0]!.orderId);
    expect(used.consumed_at).not.toBeNull();
  });

  it('refuses a purchase link whose signature does not match (a changed price)', async () => {
    const u = await makeUser({ credits: 0 });
    const { url, orderId } = await startOrder(u);
    url.searchParams.set('priceAmount', '0.50');
    const page = await hostedPage(url);
    expect(page.status).toBe(400);
    expect(page.html).toContain('La firma della richiesta non è valida.');
    const res = await choose(Object.fromEntries(url.searchParams), 'paga');
    expect(res.status).toBe(400);
    expect((await order(orderId)).status).toBe('pending');
    expect(await credits(u.id)).toBe(0);
  });
});
