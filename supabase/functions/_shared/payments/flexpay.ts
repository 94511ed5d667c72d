/**
 * Verotel FlexPay (protocol version 4): a signed purchase URL to the hosted page
 * (…/startorder), and a signed postback answered with the text OK. The signature is the
 * lower-case hex SHA-256 of the signature key followed by the signed parameters as
 * `key=value`, sorted by key and joined with ':' (as Verotel's public client libraries do).
 */
import { amountToCents, centsToAmount, type PaymentProvider, type PostbackCheck, type PurchaseOrder } from './provider.ts';

export interface FlexPayConfig {
  shopId: string;
  signatureKey: string;
  /** The hosted page's start-order address (Verotel's, or the local sandbox's). */
  startOrderUrl: string;
}

/** The parameters FlexPay signs in a purchase URL; others travel unsigned. */
const PURCHASE_SIGNED = new Set([
  'version', 'shopID', 'priceAmount', 'priceCurrency', 'paymentMethod', 'description', 'referenceID', 'saleID',
  'custom1', 'custom2', 'custom3', 'subscriptionType', 'period', 'name', 'trialAmount', 'trialPeriod',
  'cancelDiscountPercentage', 'type', 'successURL', 'declineURL', 'precedingSaleID', 'upgradeOption', 'mcc',
  'subCreditorName', 'subCreditorId', 'subCreditorCountry',
]);

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** The FlexPay signature of `params` (every key but `signature`). */
export async function flexpaySignature(signatureKey: string, params: Record<string, string>): Promise<string> {
  const signed = Object.keys(params)
    .filter((k) => k !== 'signature')
    .sort()
    .map((k) => `${k}=${params[k]}`);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode([signatureKey, ...signed].join(':')));
  return hex(digest);
}

/** Only the parameters a purchase URL signs. */
export function purchaseSignedParams(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(params).filter(([k]) => PURCHASE_SIGNED.has(k)));
}

/** Why: comparing signatures must not leak, through timing, how many leading characters matched. */
export function sameSignature(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let diff = x.length ^ y.length;
  for (let i = 0; i < Math.max(x.length, y.length); i++) diff |= (x.charCodeAt(i) || 0) ^ (y.charCodeAt(i) || 0);
  return diff === 0;
}

/** The purchase URL's parameters, signed: what Verotel's hosted page (or the sandbox) receives. */
export async function signedPurchaseParams(config: FlexPayConfig, order: PurchaseOrder): Promise<Record<string, string>> {
  const params: Record<string, string> = {
    shopID: config.shopId,
    priceAmount: centsToAmount(order.amountCents),
    priceCurrency: order.currency,
    description: order.description,
    referenceID: order.orderId,
    type: 'purchase',
    version: '4',
    successURL: order.successUrl,
    declineURL: order.declineUrl,
  };
  return { ...params, signature: await flexpaySignature(config.signatureKey, purchaseSignedParams(params)) };
}

export function createFlexPay(config: FlexPayConfig): PaymentProvider {
  return {
    name: 'verotel',
    async purchaseUrl(order) {
      const url = new URL(config.startOrderUrl);
      for (const [k, v] of Object.entries(await signedPurchaseParams(config, order))) url.searchParams.set(k, v);
      return url.toString();
    },
    async checkPostback(query): Promise<PostbackCheck> {
      const params: Record<string, string> = {};
      for (const [k, v] of query) {
        if (k in params) return { ok: false, reason: 'malformed', params };
        params[k] = v;
      }
      const signature = params.signature ?? '';
      // A postback signs every parameter it carries (and names our shop).
      const expected = await flexpaySignature(config.signatureKey, params);
      if (!signature || !sameSignature(signature, expected) || params.shopID !== config.shopId) {
        return { ok: false, reason: 'invalid_signature', params };
      }
      const amountCents = amountToCents(params.priceAmount);
      const event = params.event ?? '';
      const result = event === '' ? 'success' : event === 'decline' ? 'decline' : null;
      if (params.type !== 'purchase' || !params.referenceID || !params.saleID || !params.priceCurrency || amountCents === null || !result) {
        return { ok: false, reason: 'malformed', params };
      }
      return {
        ok: true,
        params,
        postback: { reference: params.referenceID, saleId: params.saleID, amountCents, currency: params.priceCurrency, result },
      };
    },
  };
}
