/**
 * apply-coupon: redeems a coupon code for the caller.
 * Payload { couponCode }. Answers { message, discountType, discountValue, couponId, couponType }
 * or { error: '<Italian message>' } with 4xx/5xx. The status rules, single use and row
 * locks live in public.apply_coupon.
 */
import { serve } from '../_shared/serve.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { createUserClient } from '../_shared/supabase.ts';

const FAILED = 'Errore durante l\'applicazione del coupon.';

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return reply({ error: 'Metodo non consentito.' }, 405);
  if (!req.headers.get('Authorization')) return reply({ error: 'Devi accedere per applicare un coupon.' }, 401);

  let payload: Record<string, unknown>;
  try {
    payload = (await req.json()) as Record<string, unknown>;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('not an object');
  } catch {
    return reply({ error: 'Richiesta non valida.' }, 400);
  }
  const code = typeof payload.couponCode === 'string' ? payload.couponCode.trim() : '';
  if (!code) return reply({ error: 'Inserisci un codice coupon.' }, 400);

  try {
    const supabase = await createUserClient(req);
    const { data, error } = await supabase.rpc('apply_coupon', { p_code: code });
    if (error) {
      if (error.code === '42501') {
        if (error.details === 'banned' || error.details === 'forbidden') return reply({ error: error.message }, 403);
        return reply({ error: 'Devi accedere per applicare un coupon.' }, 401);
      }
      if (error.code === 'P0001') return reply({ error: error.message }, error.details === 'coupon_not_found' ? 404 : 400);
      if (error.code === 'PGRST301' || error.code === 'PGRST302') return reply({ error: 'Devi accedere per applicare un coupon.' }, 401);
      return reply({ error: FAILED }, 500);
    }
    const r = data as { message: string; discountType: string; discountValue: number; couponId: string; couponType: string };
    return reply({
      message: r.message,
      discountType: r.discountType,
      discountValue: Number(r.discountValue),
      couponId: r.couponId,
      couponType: r.couponType,
    });
  } catch (err) {
    console.error('apply-coupon', err);
    return reply({ error: FAILED }, 500);
  }
});
