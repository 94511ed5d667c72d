/**
 * create-ticket: opens a support ticket for the signed-in caller.
 * Payload { listingId: string | null, senderEmail, messageContent, initialSubject, clientId? }.
 * Answers { message, ticketId, ticket } or { error: '<Italian message>' } with 4xx/5xx.
 * clientId (a uuid the app made when the user acted) makes a copy sent again from the offline
 * outbox answer the same ticket, without a second one (docs/decisions/1008-offline-writes-applied-once.md).
 * The rules (20-character minimum, banned users) live in public.create_ticket, which also
 * sets the ticket's address to the account's own e-mail: senderEmail is not forwarded.
 */
import { serve } from '../_shared/serve.ts';
import { jsonResponse } from '../_shared/cors.ts';
import { createUserClient } from '../_shared/supabase.ts';
import { rpcErrorResponse, userFunction, type RpcResult } from '../_shared/user-function.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUCCESS = 'Richiesta inviata con successo! Puoi visualizzare lo stato nella sezione "I miei ticket".';
const messages = {
  login: 'Devi accedere per aprire un ticket.',
  failed: 'Impossibile inviare la richiesta. Riprova più tardi.',
  invalid: 'Annuncio non valido.',
};

serve(
  userFunction('create-ticket', messages, async ({ listingId, messageContent, initialSubject, clientId }, req) => {
    if (listingId != null && typeof listingId !== 'string') return jsonResponse({ error: 'Annuncio non valido.' }, 400);
    if (typeof messageContent !== 'string') return jsonResponse({ error: 'Il messaggio deve contenere almeno 20 caratteri.' }, 400);
    if (initialSubject != null && typeof initialSubject !== 'string') return jsonResponse({ error: 'Oggetto non valido.' }, 400);
    if (clientId != null && (typeof clientId !== 'string' || !UUID.test(clientId))) return jsonResponse({ error: 'Richiesta non valida.' }, 400);
    const supabase = await createUserClient(req);
    const answer: RpcResult = await supabase.rpc('create_ticket', {
      p_sender_email: null,
      p_message: messageContent,
      p_subject: initialSubject ?? null,
      p_listing_id: listingId ?? null,
      p_client_id: clientId ?? null,
    });
    const { data, error } = answer;
    if (error) return rpcErrorResponse(error, messages);
    const ticket = data as { id: string };
    return jsonResponse({ message: SUCCESS, ticketId: ticket.id, ticket });
  }),
);
