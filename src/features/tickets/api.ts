/** Ticket calls: the create-ticket edge function and the 'I Miei Ticket' list (SPEC §7). */
import { db } from '@/lib/db.ts';
import { ticketPayload, type TicketFormValues } from './model.ts';

export interface TicketRow {
  id: string;
  subject: string;
  status: string;
  created_at: string;
  updated_at: string;
  last_replied_by: string | null;
  listing_id: string | null;
  user_id: string | null;
  reporter_email: string | null;
  listings: { title: string } | null;
}

/** Resolves with null on success, or the error text to show (the server's `error` field if any). */
export async function createTicket(values: TicketFormValues, opts: { listingId?: string | null; subject: string }): Promise<string | null> {
  const { error } = await db.functions.invoke('create-ticket', { body: ticketPayload(values, opts) });
  if (!error) return null;
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    try {
      const body = (await context.clone().json()) as { error?: unknown };
      if (typeof body.error === 'string' && body.error) return body.error;
    } catch {
      /* not JSON */
    }
  }
  return '';
}

export async function fetchMyTickets(user: { id: string; email: string }): Promise<TicketRow[]> {
  const { data, error } = await db
    .from('tickets')
    .select('id, subject, status, created_at, updated_at, last_replied_by, listing_id, user_id, reporter_email, listings(title)')
    .or(`user_id.eq.${user.id},reporter_email.eq.${user.email}`)
    .order('updated_at', { ascending: false });
  if (error) throw error;
  return (data ?? []) as unknown as TicketRow[];
}
