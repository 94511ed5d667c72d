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
import { makeUser, type TestUser } from '../support/factories.ts';
import { flexpaySignature } from '../../supabase/functions/_shared/payments/flexpay.ts';
import { LOCAL_FLEXPAY_SHOP_ID, LOCAL_FLEXPAY_SIGNATURE_KEY } from '../../supabase/functions/_shared/payments/config.ts';

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

async function postback(params: Record<string, string>): Promise<{ status: number; text: string }> {
  const res = await fetch(`${platformInfo().url}/functions/v1/payment-postback?${new URLSearchParams(params)}`);
  return { status: res.status, text: await res.text() };
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

describe('payment-postback', () => {
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
