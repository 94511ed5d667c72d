/**
 * create-purchase: opens a credit purchase order for the caller and answers the provider's
 * signed hosted-page link. Payload { packageId }. Answers { orderId, url } or
 * { error: '<Italian message>' } with 4xx/5xx. The price (with the pending coupon) and the
 * order live in public.start_credit_purchase.
 */
import { serve } from '../_shared/serve.ts';
import { jsonResponse } from '../_shared/cors.ts';
import { createUserClient } from '../_shared/supabase.ts';
import { rpcErrorResponse, userFunction, type RpcResult } from '../_shared/user-function.ts';
import { paymentProvider, returnUrls } from '../_shared/payments/config.ts';

const messages = {
  login: 'Devi accedere per acquistare crediti.',
  failed: "Errore durante l'avvio del pagamento. Riprova.",
  invalid: 'Pacchetto di crediti non trovato.',
};

interface Order {
  order_id: string;
  amount_cents: number;
  currency: string;
  description: string;
}

serve(
  userFunction('create-purchase', messages, async (payload, req) => {
    const packageId = typeof payload.packageId === 'string' ? payload.packageId.trim() : '';
    if (!packageId) return jsonResponse({ error: 'Scegli un pacchetto di crediti.' }, 400);
    const supabase = await createUserClient(req);
    const answer: RpcResult = await supabase.rpc('start_credit_purchase', { p_package_id: packageId });
    const { data, error } = answer;
    if (error) return rpcErrorResponse(error, messages, 'package_not_found');
    const order = data as Order;
    const url = await paymentProvider().purchaseUrl({
      orderId: order.order_id,
      amountCents: order.amount_cents,
      currency: order.currency,
      description: order.description,
      ...returnUrls(order.order_id),
    });
    return jsonResponse({ orderId: order.order_id, url });
  }),
);
