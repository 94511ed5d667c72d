import { describe, expect, it } from 'vitest';
import { createFlexPay, flexpaySignature, purchaseSignedParams } from './flexpay.ts';
import { amountToCents, centsToAmount } from './provider.ts';

/** The example of Verotel's own client library (verotel/flexpay-php-client, tests/VerotelFlexPayClientTest.php). */
const VEROTEL_EXAMPLE = {
  key: 'zpXwe2D77g4P7ysGJcr3rY87TBYs6J',
  params: {
    shopID: '68849',
    saleID: '433456',
    priceAmount: '0.00',
    referenceID: 'reference1234',
    priceCurrency: 'USD',
    custom1: 'My',
    description: 'My Dščřčřřěřě&?=blah123',
    subscriptionType: 'RECURRING',
    period: 'P1M',
    name: 'My name',
    trialAmount: '0.01',
    trialPeriod: 'P3D',
    successURL: 'http://backURL.test',
    declineURL: 'http://declineURL.test',
    cancelDiscountPercentage: '30',
    blah: 'something',
  },
  signature: 'ff5cf9bcc0497c8cb40087065e5016dcfbe2efd23327f6c67614fa23537c24b2',
};

const config = { shopId: '100000', signatureKey: 'test-key', startOrderUrl: 'https://secure.verotel.com/startorder' };
const order = {
  orderId: '7d7f2a3e-0000-4000-8000-000000000001',
  amountCents: 1791,
  currency: 'EUR',
  description: '120 crediti - pacchetto Standard',
  successUrl: 'https://app.test/buy-credits/esito?order=7d7f2a3e-0000-4000-8000-000000000001',
  declineUrl: 'https://app.test/buy-credits/esito?order=7d7f2a3e-0000-4000-8000-000000000001&esito=rifiutato',
};

async function signedPostback(extra: Record<string, string> = {}, key = config.signatureKey) {
  const params: Record<string, string> = {
    shopID: '100000', saleID: '555', referenceID: order.orderId, priceAmount: '17.91', priceCurrency: 'EUR',
    type: 'purchase', paymentMethod: 'CC', ...extra,
  };
  return new URLSearchParams({ ...params, signature: await flexpaySignature(key, params) });
}

describe('FlexPay signature', () => {
  it("reproduces the signature of Verotel's client library example (SHA-256, key first, sorted key=value joined by ':')", async () => {
    expect(await flexpaySignature(VEROTEL_EXAMPLE.key, purchaseSignedParams(VEROTEL_EXAMPLE.params))).toBe(VEROTEL_EXAMPLE.signature);
  });

  it('signs the purchase parameters into the start-order URL', async () => {
    const url = new URL(await createFlexPay(config).purchaseUrl(order));
    expect(url.origin + url.pathname).toBe('https://secure.verotel.com/startorder');
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      shopID: '100000', priceAmount: '17.91', priceCurrency: 'EUR', description: order.description, referenceID: order.orderId,
      type: 'purchase', version: '4', successURL: order.successUrl, declineURL: order.declineUrl,
    });
    const { signature, ...signed } = params;
    expect(signature).toBe(await flexpaySignature('test-key', signed));
  });
});

describe('FlexPay postback', () => {
  const flexpay = createFlexPay(config);

  it('accepts a signed sale and parses it', async () => {
    const check = await flexpay.checkPostback(await signedPostback());
    expect(check).toMatchObject({ ok: true, postback: { reference: order.orderId, saleId: '555', amountCents: 1791, currency: 'EUR', result: 'success' } });
    const decline = await flexpay.checkPostback(await signedPostback({ event: 'decline' }));
    expect(decline).toMatchObject({ ok: true, postback: { result: 'decline' } });
  });

  it('refuses an unsigned, forged, tampered or other-shop postback', async () => {
    const unsigned = await signedPostback();
    unsigned.delete('signature');
    const tampered = await signedPostback();
    tampered.set('priceAmount', '0.01');
    const checks = await Promise.all([
      flexpay.checkPostback(unsigned),
      flexpay.checkPostback(tampered),
      flexpay.checkPostback(await signedPostback({}, 'another-key')),
      flexpay.checkPostback(await signedPostback({ shopID: '999' })),
    ]);
    expect(checks.map((c) => (c.ok ? 'ok' : c.reason))).toEqual(['invalid_signature', 'invalid_signature', 'invalid_signature', 'invalid_signature']);
  });

  it('refuses signed postbacks it cannot read: unknown event, bad amount, repeated field', async () => {
    const repeated = await signedPostback();
    repeated.append('saleID', '556');
    const checks = await Promise.all([
      flexpay.checkPostback(await signedPostback({ event: 'chargeback' })),
      flexpay.checkPostback(await signedPostback({ priceAmount: '17,91' })),
      flexpay.checkPostback(repeated),
    ]);
    expect(checks.map((c) => (c.ok ? 'ok' : c.reason))).toEqual(['malformed', 'malformed', 'malformed']);
  });
});

describe('amounts', () => {
  it('converts between cents and FlexPay amounts', () => {
    expect([centsToAmount(1990), centsToAmount(5), centsToAmount(0)]).toEqual(['19.90', '0.05', '0.00']);
    expect([amountToCents('19.9'), amountToCents('19.90'), amountToCents('7'), amountToCents('1.999'), amountToCents('-1')]).toEqual([1990, 1990, 700, null, null]);
  });
});
