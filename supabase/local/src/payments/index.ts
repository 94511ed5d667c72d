/**
 * A local FlexPay: the hosted payment page of Verotel's FlexPay protocol at /flexpay, so
 * `npm start` and the tests buy credits through the same adapter code (supabase/functions/
 * _shared/payments) that talks to Verotel in production. /flexpay/startorder checks the
 * purchase URL's signature and shows the order with 'Paga', 'Rifiuta' and 'Errore'; the
 * choice sends the signed postback to payment-postback (retried until OK) and returns the
 * browser to successURL or declineURL.
 */
import { randomInt } from 'node:crypto';
import { readText } from '../http.ts';
import type { ApiModule, Platform } from '../core/types.ts';
import { flexpayConfig } from '../../../functions/_shared/payments/config.ts';
import { flexpaySignature, purchaseSignedParams, sameSignature } from '../../../functions/_shared/payments/flexpay.ts';
import { invalidPage, orderPage } from './page.ts';
import { PostbackSender } from './postback.ts';

const REQUIRED = ['shopID', 'priceAmount', 'priceCurrency', 'description', 'referenceID', 'type', 'version', 'successURL', 'declineURL', 'signature'];

const html = (body: string, status = 200) =>
  new Response(body, {
    status,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      'cache-control': 'no-store',
    },
  });

const isWebUrl = (u: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(u).protocol);
  } catch {
    return false;
  }
};

/** Why: a purchase is shown or settled only with the shop's valid signature, as on Verotel. */
async function checkPurchase(params: Record<string, string>): Promise<string | null> {
  const { shopId, signatureKey } = flexpayConfig();
  if (REQUIRED.some((k) => !params[k])) return 'Mancano dei parametri obbligatori.';
  if (params.type !== 'purchase' || params.version !== '4') return 'Tipo di richiesta o versione del protocollo non supportati.';
  if (params.shopID !== shopId) return 'Negozio sconosciuto.';
  const expected = await flexpaySignature(signatureKey, purchaseSignedParams(params));
  if (!sameSignature(params.signature!, expected)) return 'La firma della richiesta non è valida.';
  if (!isWebUrl(params.successURL!) || !isWebUrl(params.declineURL!)) return 'Indirizzi di ritorno non validi.';
  return null;
}

export interface SandboxOptions {
  /** First pause before a postback retry (ms); tests shorten it. */
  retryBaseMs?: number;
}

export function createFlexPaySandbox(p: Platform, opts: SandboxOptions = {}): ApiModule {
  const sender = new PostbackSender({ baseDelayMs: opts.retryBaseMs, log: (m) => p.log('flexpay', m) });
  // One sale per order, so paying the same page twice sends the same sale again.
  const sales = new Map<string, string>();
  const postbackUrl = () => process.env.FLEXPAY_POSTBACK_URL || `${p.config.url}/functions/v1/payment-postback`;

  async function decide(params: Record<string, string>, action: string): Promise<Response> {
    const problem = await checkPurchase(params);
    if (problem) return html(invalidPage(problem), 400);
    const { shopId, signatureKey } = flexpayConfig();
    const reference = params.referenceID!;
    if (action === 'paga' || action === 'rifiuta') {
      const saleID = action === 'paga' ? (sales.get(reference) ?? String(randomInt(10_000_000, 99_999_999))) : String(randomInt(10_000_000, 99_999_999));
      if (action === 'paga') sales.set(reference, saleID);
      const postback: Record<string, string> = {
        shopID: shopId, saleID, referenceID: reference, priceAmount: params.priceAmount!, priceCurrency: params.priceCurrency!,
        type: 'purchase', paymentMethod: 'CC', ...(action === 'rifiuta' ? { event: 'decline' } : {}),
      };
      postback.signature = await flexpaySignature(signatureKey, postback);
      await sender.send(postbackUrl(), postback);
    } else if (action !== 'errore') {
      return html(invalidPage('Scelta non valida.'), 400);
    }
    const back = action === 'paga' ? params.successURL! : params.declineURL!;
    return new Response(null, { status: 303, headers: { location: back, 'cache-control': 'no-store' } });
  }

  return {
    prefix: '/flexpay',
    cors: false,
    async handle(req, path) {
      if (path === '/startorder' && req.method === 'GET') {
        const params = Object.fromEntries(new URL(req.url).searchParams);
        const problem = await checkPurchase(params);
        if (problem) return html(invalidPage(problem), 400);
        return html(
          orderPage(
            { description: params.description!, amount: params.priceAmount!, currency: params.priceCurrency!, reference: params.referenceID!, params },
            '/flexpay/startorder',
          ),
        );
      }
      if (path === '/startorder' && req.method === 'POST') {
        const form = new URLSearchParams(await readText(req, p.config.maxBodyBytes));
        const action = form.get('action') ?? '';
        form.delete('action');
        return decide(Object.fromEntries(form), action);
      }
      return html(invalidPage('Pagina non trovata.'), 404);
    },
    async stop() {
      sender.stop();
    },
  };
}
