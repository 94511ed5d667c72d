/**
 * apply-coupon: redeems a coupon code for the caller.
 * Payload { couponCode }. Answers { message, discountType, discountValue, couponId, couponType }
 * or { error: '<Italian message>' } with 4xx/5xx. The status rules, single use and row
 * locks live in public.apply_coupon.
 */
import { serve } from '../_shared/serve.ts';
import { jsonResponse } from '../_shared/cors.ts';
import { createUserClient } from '../_shared/supabase.ts';
import { rpcErrorResponse, userFunction, type RpcResult } from '../_shared/user-function.ts';

const messages = {
  login: 'Devi accedere per applicare un coupon.',
  failed: "Errore durante l'applicazione del coupon.",
};

interface Applied {
  message: string;
  discountType: string;
  discountValue: number;
  couponId: string;
  couponType: string;
}

serve(
  userFunction('apply-coupon', messages, async (payload, req) => {
    const code = typeof payload.couponCode === 'string' ? payload.couponCode.trim() : '';
    if (!code) return jsonResponse({ error: 'Inserisci un codice coupon.' }, 400);
    const supabase = await createUserClient(req);
    const answer: RpcResult = await supabase.rpc('apply_coupon', { p_code: code });
    const { data, error } = answer;
    if (error) return rpcErrorResponse(error, messages, 'coupon_not_found');
    const r = data as Applied;
    return jsonResponse({
      message: r.message,
      discountType: r.discountType,
      discountValue: Number(r.discountValue),
      couponId: r.couponId,
      couponType: r.couponType,
    });
  }),
);
