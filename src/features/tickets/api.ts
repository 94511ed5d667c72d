/** Ticket calls: the create-ticket edge function, the 'I Miei Ticket' list, one ticket's thread, appeals. */
import { unwrap } from '@/lib/apiError.ts';
import type { Tables } from '@/lib/database.types.ts';
import { supabase } from '@/lib/supabase.ts';
import { catchUpOnJoin } from '@/lib/realtimeCatchUp.ts';
import { isTicketId, sortThread, ticketPayload, type TicketFormValues, type ThreadMessage } from './model.ts';

export type TicketRow = Omit<Tables<'tickets'>, 'client_id'> & { listings: Pick<Tables<'listings'>, 'title'> | null };

/**
 * Files a ticket; rejects with an ApiError carrying the function's Italian `error` when it refuses.
 * `clientId`, made when the user sent it, makes a copy sent again answer the same ticket.
 */
export async function createTicket(values: TicketFormValues, opts: { listingId?: string | null; subject: string; clientId?: string }): Promise<void> {
  await unwrap(supabase.functions.invoke('create-ticket', { body: ticketPayload(values, opts) }));
}

export async function fetchMyTickets(user: { id: string; email: string }): Promise<TicketRow[]> {
  return unwrap(
    supabase
      .from('tickets')
      .select('id, subject, status, kind, created_at, updated_at, last_replied_by, listing_id, user_id, reporter_email, listings(title)')
      .or(`user_id.eq.${user.id},reporter_email.eq.${user.email}`)
      .order('updated_at', { ascending: false }),
  );
}

export type ThreadTicket = Pick<Tables<'tickets'>, 'id' | 'subject' | 'status' | 'kind' | 'created_at' | 'listing_id'> & {
  listings: Pick<Tables<'listings'>, 'title'> | null;
  ticket_messages: ThreadMessage[];
};

/** One ticket with its messages, oldest first; null when it does not exist or RLS hides it. */
export async function fetchTicket(id: string): Promise<ThreadTicket | null> {
  if (!isTicketId(id)) return null;
  const ticket = await unwrap(
    supabase
      .from('tickets')
      .select('id, subject, status, kind, created_at, listing_id, listings(title), ticket_messages(id, author_role, body, created_at, client_id)')
      .eq('id', id)
      .maybeSingle(),
  );
  return ticket ? { ...ticket, ticket_messages: sortThread(ticket.ticket_messages) } : null;
}

/** `clientId`, made when the user wrote, makes a copy sent again add nothing (the first copy's message answers). */
export async function replyTicket(id: string, body: string, clientId?: string): Promise<void> {
  await unwrap(supabase.rpc('reply_ticket', { p_ticket_id: id, p_body: body.trim(), p_client_id: clientId }));
}

export async function setTicketStatus(id: string, status: 'open' | 'closed'): Promise<void> {
  await unwrap(supabase.rpc('set_ticket_status', { p_ticket_id: id, p_status: status }));
}

export type OpenAppeal = Pick<Tables<'tickets'>, 'id' | 'status' | 'created_at'>;

/** The viewer's appeal staff have not decided yet (at most one, by the database); null when none. */
export async function fetchOpenAppeal(userId: string): Promise<OpenAppeal | null> {
  return unwrap(
    supabase.from('tickets').select('id, status, created_at').eq('user_id', userId).eq('kind', 'appeal').in('status', ['open', 'in_progress']).maybeSingle(),
  );
}

/** A banned user's appeal; the database refuses a second open one in Italian. */
export async function fileAppeal(message: string): Promise<Tables<'tickets'>> {
  return unwrap(supabase.rpc('file_appeal', { p_message: message.trim() }));
}

/**
 * Realtime: a new message of the ticket, or a change of its status. Row-level security
 * decides who receives them, so only the ticket's owner and staff do.
 */
export function subscribeTicket(id: string, onChange: () => void): () => void {
  const channel = supabase
    .channel(`ticket:${id}`)
    .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'ticket_messages', filter: `ticket_id=eq.${id}` }, onChange)
    .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'tickets', filter: `id=eq.${id}` }, onChange)
    .subscribe(catchUpOnJoin(onChange));
  return () => void supabase.removeChannel(channel);
}
