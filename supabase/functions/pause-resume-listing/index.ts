/**
 * pause-resume-listing: pauses or resumes one of the caller's listings.
 * Payload { listingId, action: 'pause' | 'resume' }. Answers { message, listing } or
 * { error: '<Italian message>' } with 4xx/5xx. The clock freezing lives in
 * public.pause_listing / public.resume_listing.
 */
import { serve } from '../_shared/serve.ts';
import { jsonResponse } from '../_shared/cors.ts';
import { createUserClient } from '../_shared/supabase.ts';
import { rpcErrorResponse, userFunction, type RpcResult } from '../_shared/user-function.ts';

const messages = {
  login: 'Devi accedere per eseguire questa operazione.',
  failed: "Errore durante la pausa/ripresa dell'annuncio.",
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

serve(
  userFunction('pause-resume-listing', messages, async ({ listingId, action }, req) => {
    if (typeof listingId !== 'string' || !UUID.test(listingId)) return jsonResponse({ error: 'Annuncio non valido.' }, 400);
    if (action !== 'pause' && action !== 'resume') return jsonResponse({ error: 'Azione non valida: usa "pause" o "resume".' }, 400);
    const supabase = await createUserClient(req);
    const fn = action === 'pause' ? 'pause_listing' : 'resume_listing';
    const answer: RpcResult = await supabase.rpc(fn, { p_listing_id: listingId });
    const { data, error } = answer;
    if (error) return rpcErrorResponse(error, messages, 'listing_not_found');
    return jsonResponse({
      message: action === 'pause' ? 'Annuncio messo in pausa con successo!' : 'Annuncio ripreso con successo!',
      listing: data,
    });
  }),
);
