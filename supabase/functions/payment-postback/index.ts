/**
 * payment-postback: the provider's server-to-server notice of a sale (no JWT: only its
 * signature is trusted). A valid postback goes to public.settle_credit_purchase, which checks
 * the amount and currency against the order and completes it once; the answer is the text
 * OK when the provider may stop sending it (settled, already settled, declined). Anything
 * else (forged, unsigned, tampered, mismatched, unknown or expired order) credits nothing,
 * is logged in payment_postbacks and gets an ERROR text, so the provider retries or alerts.
 */
import { serve } from '../_shared/serve.ts';
import { createAdminClient } from '../_shared/supabase.ts';
import { paymentProvider } from '../_shared/payments/config.ts';
import type { RpcResult } from '../_shared/user-function.ts';

const text = (body: string, status = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** FlexPay sends GET with a query string; a form-encoded POST carries the same fields. */
async function postbackParams(req: Request): Promise<URLSearchParams | null> {
  if (req.method === 'GET') return new URL(req.url).searchParams;
  if (req.method === 'POST') return new URLSearchParams(await req.text());
  return null;
}

serve(async (req) => {
  const query = await postbackParams(req);
  if (!query) return text('ERROR - method not allowed', 405);
  try {
    const provider = paymentProvider();
    const check = await provider.checkPostback(query);
    const admin = await createAdminClient();
    if (!check.ok) {
      console.warn('payment-postback refused:', check.reason, check.params.referenceID ?? '');
      const { error } = await admin.rpc('reject_payment_postback', { p_provider: provider.name, p_outcome: check.reason, p_params: check.params });
      if (error) console.error('payment-postback log', error.message);
      return text(`ERROR - ${check.reason}`, check.reason === 'invalid_signature' ? 403 : 400);
    }
    const { reference, saleId, amountCents, currency, result } = check.postback;
    const answer: RpcResult = await admin.rpc('settle_credit_purchase', {
      p_provider: provider.name,
      p_reference: reference,
      p_sale_id: saleId,
      p_amount_cents: amountCents,
      p_currency: currency,
      p_result: result,
      p_params: check.params,
    });
    const { data, error } = answer;
    if (error) throw new Error(error.message);
    const settled = data as { ok: boolean; outcome: string };
    if (settled.ok) return text('OK');
    console.warn('payment-postback not settled:', settled.outcome, reference);
    return text(`ERROR - ${settled.outcome}`, 409);
  } catch (err) {
    console.error('payment-postback', err);
    return text('ERROR - internal', 500);
  }
});
