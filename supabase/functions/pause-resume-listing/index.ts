/**
 * pause-resume-listing: pauses or resumes one of the caller's listings.
 * Payload { listingId, action: 'pause' | 'resume' }. Answers { message, listing } or
 * { error: '<Italian message>' } with 4xx/5xx. The clock freezing lives in
 * public.pause_listing / public.resume_listing.
 */
import { serve } from '../_shared/serve.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { createUserClient } from '../_shared/supabase.ts';

const FAILED = 'Errore durante la pausa/ripresa dell\'annuncio.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return reply({ error: 'Metodo non consentito.' }, 405);
  if (!req.headers.get('Authorization')) return reply({ error: 'Devi accedere per eseguire questa operazione.' }, 401);

  let payload: Record<string, unknown>;
  try {
    payload = (await req.json()) as Record<string, unknown>;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('not an object');
  } catch {
    return reply({ error: 'Richiesta non valida.' }, 400);
  }
  const { listingId, action } = payload;
  if (typeof listingId !== 'string' || !UUID.test(listingId)) return reply({ error: 'Annuncio non valido.' }, 400);
  if (action !== 'pause' && action !== 'resume') return reply({ error: 'Azione non valida: usa "pause" o "resume".' }, 400);

  try {
    const supabase = await createUserClient(req);
    const { data, error } = await supabase.rpc(action === 'pause' ? 'pause_listing' : 'resume_listing', { p_listing_id: listingId });
    if (error) {
      if (error.code === '42501') {
        if (error.details === 'banned' || error.details === 'forbidden') return reply({ error: error.message }, 403);
        return reply({ error: 'Devi accedere per eseguire questa operazione.' }, 401);
      }
      if (error.code === 'P0001') return reply({ error: error.message }, error.details === 'listing_not_found' ? 404 : 400);
      if (error.code === 'PGRST301' || error.code === 'PGRST302') return reply({ error: 'Devi accedere per eseguire questa operazione.' }, 401);
      return reply({ error: FAILED }, 500);
    }
    return reply({
      message: action === 'pause' ? 'Annuncio messo in pausa con successo!' : 'Annuncio ripreso con successo!',
      listing: data,
    });
  } catch (err) {
    console.error('pause-resume-listing', err);
    return reply({ error: FAILED }, 500);
  }
});
