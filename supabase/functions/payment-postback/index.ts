/**
 * payment-postback: the provider's server-to-server notice of a sale (no JWT: only its
 * signature is trusted). A valid postback goes to public.settle_credit_purchase, which checks
 * the amount and currency against the order and completes it once; the answer is the text
 * OK when the provider may stop sending it (settled, already settled, declined). Anything
 * else (forged, unsigned, tampered, mismatched, unknown or expired order, a sale id that paid
 * another order) credits nothing, is logged in payment_postbacks with its sender's address
 * and gets an ERROR text, so the provider retries or alerts. A body over 64 KB is refused
 * (413) unread; past 20 refused postbacks a minute from one address nothing more is logged (429).
 */
import { serve } from '../_shared/serve.ts';
import { createAdminClient } from '../_shared/supabase.ts';
import { paymentProvider } from '../_shared/payments/config.ts';
import { clientAddress, postbackParams, PostbackTooLarge } from '../_shared/payments/postback-request.ts';
import type { RpcResult } from '../_shared/user-function.ts';

const text = (body: string, status = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

serve(async (req) => {
  try {
    const query = await postbackParams(req);
    if (!query) return text('ERROR - method not allowed', 405);
    const client = clientAddress(req);
    const provider = paymentProvider();
    const check = await provider.checkPostback(query);
    const admin = await createAdminClient();
    // `=== false`, not `!check.ok`: narrows the union whatever the checker's strictness (Deno without strictNullChecks saw no `reason`).
    if (check.ok === false) {
      console.warn('payment-postback refused:', check.reason, client ?? '');
      const logged: RpcResult = await admin.rpc('reject_payment_postback', {
        p_provider: provider.name, p_outcome: check.reason, p_params: check.params, p_client: client,
      });
      if (logged.error) throw new Error(logged.error.message);
      if (logged.data !== true) return text('ERROR - too many requests', 429);
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
      p_client: client,
    });
    const { data, error } = answer;
    if (error) throw new Error(error.message);
    const settled = data as { ok: boolean; outcome: string };
    if (settled.ok) return text('OK');
    console.warn('payment-postback not settled:', settled.outcome, reference);
    return text(`ERROR - ${settled.outcome}`, 409);
  } catch (err) {
    if (err instanceof PostbackTooLarge) return text('ERROR - payload too large', 413);
    console.error('payment-postback', err);
    return text('ERROR - internal', 500);
  }
});
