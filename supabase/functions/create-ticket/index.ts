/**
 * create-ticket: opens a support ticket for the signed-in caller.
 * Payload { listingId: string | null, senderEmail, messageContent, initialSubject }.
 * Answers { message, ticketId, ticket } or { error: '<Italian message>' } with 4xx/5xx.
 * The rules (e-mail, 20-character minimum, banned users) live in public.create_ticket.
 */
import { serve } from '../_shared/serve.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { createUserClient } from '../_shared/supabase.ts';

const SUCCESS = 'Richiesta inviata con successo! Puoi visualizzare lo stato nella sezione "I miei ticket".';
const FAILED = 'Impossibile inviare la richiesta. Riprova più tardi.';

function reply(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } });
}

const LOGIN = 'Devi accedere per aprire un ticket.';

/**
 * PostgREST error -> [status, Italian message]: 403 banned/forbidden (our 42501 with a
 * detail), 401 anything else about permissions (anonymous callers cannot execute the
 * function), 400 a broken rule (P0001, message from SQL), 500 otherwise.
 */
function mapError(error: { code?: string; details?: string | null; message: string }): [number, string] {
  if (error.code === '42501') {
    return error.details === 'banned' || error.details === 'forbidden' ? [403, error.message] : [401, LOGIN];
  }
  if (error.code === 'PGRST301' || error.code === 'PGRST302') return [401, LOGIN];
  if (error.code === 'P0001') return [400, error.message];
  if (error.code === '22P02') return [400, 'Annuncio non valido.'];
  return [500, FAILED];
}

serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
  if (req.method !== 'POST') return reply({ error: 'Metodo non consentito.' }, 405);
  if (!req.headers.get('Authorization')) return reply({ error: LOGIN }, 401);

  let payload: Record<string, unknown>;
  try {
    payload = (await req.json()) as Record<string, unknown>;
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw new Error('not an object');
  } catch {
    return reply({ error: 'Richiesta non valida.' }, 400);
  }
  const { listingId, senderEmail, messageContent, initialSubject } = payload;
  if (listingId != null && typeof listingId !== 'string') return reply({ error: 'Annuncio non valido.' }, 400);
  if (typeof senderEmail !== 'string' || senderEmail.trim() === '') return reply({ error: 'L\'email è obbligatoria.' }, 400);
  if (typeof messageContent !== 'string') return reply({ error: 'Il messaggio deve contenere almeno 20 caratteri.' }, 400);
  if (initialSubject != null && typeof initialSubject !== 'string') return reply({ error: 'Oggetto non valido.' }, 400);

  try {
    const supabase = await createUserClient(req);
    const { data, error } = await supabase.rpc('create_ticket', {
      p_sender_email: senderEmail.trim(),
      p_message: messageContent,
      p_subject: initialSubject ?? null,
      p_listing_id: listingId ?? null,
    });
    if (error) {
      const [status, message] = mapError(error);
      return reply({ error: message }, status);
    }
    const ticket = data as { id: string };
    return reply({ message: SUCCESS, ticketId: ticket.id, ticket });
  } catch (err) {
    console.error('create-ticket', err);
    return reply({ error: FAILED }, 500);
  }
});
