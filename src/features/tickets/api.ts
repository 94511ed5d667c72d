/** Ticket calls: the create-ticket edge function and the 'I Miei Ticket' list. */
import { unwrap } from '@/lib/apiError.ts';
import type { Tables } from '@/lib/database.types.ts';
import { supabase } from '@/lib/supabase.ts';
import { ticketPayload, type TicketFormValues } from './model.ts';

export type TicketRow = Tables<'tickets'> & { listings: Pick<Tables<'listings'>, 'title'> | null };

/** Files a ticket; rejects with an ApiError carrying the function's Italian `error` when it refuses. */
export async function createTicket(values: TicketFormValues, opts: { listingId?: string | null; subject: string }): Promise<void> {
  await unwrap(supabase.functions.invoke('create-ticket', { body: ticketPayload(values, opts) }));
}

export async function fetchMyTickets(user: { id: string; email: string }): Promise<TicketRow[]> {
  return unwrap(
    supabase
      .from('tickets')
      .select('id, subject, status, created_at, updated_at, last_replied_by, listing_id, user_id, reporter_email, listings(title)')
      .or(`user_id.eq.${user.id},reporter_email.eq.${user.email}`)
      .order('updated_at', { ascending: false }),
  );
}
