/** The control panel's calls: figures, the staff ticket inbox, the report queue, the audit log. */
import { unwrap } from '@/lib/apiError.ts';
import type { Tables } from '@/lib/database.types.ts';
import { removeListingFiles } from '@/lib/listingPhotoFiles.ts';
import { supabase } from '@/lib/supabase.ts';
import { parseOverview, statusesOf, type AuditFilters, type Overview, type ReportStatus, type TicketFilter } from './model.ts';

// --- Panoramica ----------------------------------------------------------------------------

export async function fetchOverview(): Promise<Overview> {
  return parseOverview(await unwrap(supabase.rpc('admin_overview', { p_days: 30 })));
}

// --- Ticket --------------------------------------------------------------------------------

export type StaffTicket = Pick<
  Tables<'tickets'>,
  'id' | 'subject' | 'status' | 'created_at' | 'updated_at' | 'last_replied_by' | 'listing_id' | 'user_id' | 'reporter_email'
> & { listings: Pick<Tables<'listings'>, 'title'> | null };

export type TicketMessage = Pick<Tables<'ticket_messages'>, 'id' | 'author_role' | 'body' | 'created_at'>;

const TICKET_COLUMNS = 'id, subject, status, created_at, updated_at, last_replied_by, listing_id, user_id, reporter_email, listings(title)';

/** The staff inbox: tickets in the filter's statuses, newest activity first. */
export async function fetchStaffTickets(filter: TicketFilter): Promise<StaffTicket[]> {
  let query = supabase.from('tickets').select(TICKET_COLUMNS);
  const statuses = statusesOf(filter);
  if (statuses) query = query.in('status', statuses);
  return unwrap(query.order('updated_at', { ascending: false }).limit(100));
}

export async function fetchStaffTicket(id: string): Promise<StaffTicket | null> {
  return unwrap(supabase.from('tickets').select(TICKET_COLUMNS).eq('id', id).maybeSingle());
}

export async function fetchTicketMessages(ticketId: string): Promise<TicketMessage[]> {
  return unwrap(
    supabase.from('ticket_messages').select('id, author_role, body, created_at').eq('ticket_id', ticketId).order('created_at', { ascending: true }),
  );
}

/** A staff reply (the database records it as the caller's role and moves an open ticket to 'In Corso'). */
export async function replyToTicket(ticketId: string, body: string): Promise<void> {
  await unwrap(supabase.rpc('reply_ticket', { p_ticket_id: ticketId, p_body: body }));
}

export async function setTicketStatus(ticketId: string, status: string): Promise<void> {
  await unwrap(supabase.rpc('set_ticket_status', { p_ticket_id: ticketId, p_status: status }));
}

// --- Segnalazioni --------------------------------------------------------------------------

export type StaffReport = Pick<Tables<'listing_reports'>, 'id' | 'reason' | 'details' | 'status' | 'created_at' | 'listing_id'> & {
  listing: Pick<Tables<'listings'>, 'id' | 'title' | 'city' | 'user_id'> | null;
  reporter: Pick<Tables<'profiles'>, 'email' | 'display_name'> | null;
};

export async function fetchReports(status: ReportStatus): Promise<StaffReport[]> {
  return unwrap(
    supabase
      .from('listing_reports')
      .select('id, reason, details, status, created_at, listing_id, listing:listings(id, title, city, user_id), reporter:profiles!listing_reports_reporter_id_fkey(email, display_name)')
      .eq('status', status)
      .order('created_at', { ascending: false })
      .limit(100),
  );
}

export async function dismissReport(reportId: string, note: string): Promise<void> {
  await unwrap(supabase.rpc('dismiss_report', { p_report_id: reportId, p_reason: note.trim() || undefined }));
}

/**
 * Removes a listing as staff: its photo files first (SPEC: storage, then rows), then the
 * listing through admin_delete_listing, which notifies the owner with the reason and logs it.
 * A failed file cleanup only warns.
 */
export async function removeListing(listing: { id: string; user_id: string }, reason: string): Promise<{ cleanupFailed: boolean }> {
  let cleanupFailed = false;
  try {
    await removeListingFiles(supabase, listing.user_id, listing.id);
  } catch (err) {
    cleanupFailed = true;
    console.warn('listing photo cleanup failed', err);
  }
  await unwrap(supabase.rpc('admin_delete_listing', { p_listing_id: listing.id, p_reason: reason.trim() }));
  return { cleanupFailed };
}

// --- Registro ------------------------------------------------------------------------------

export type AuditRow = Tables<'audit_log'>;
export const AUDIT_PAGE_SIZE = 50;

/** A page of the audit log, newest first, with the filters' total. */
export async function fetchAuditLog(
  filters: AuditFilters,
  range: { gte?: string; lt?: string },
  page: number,
): Promise<{ rows: AuditRow[]; total: number }> {
  let query = supabase.from('audit_log').select('*', { count: 'exact' });
  if (filters.action) query = query.eq('action', filters.action);
  if (filters.actor.trim()) query = query.ilike('actor_email', `%${filters.actor.trim().replace(/[%_\\]/g, (c) => `\\${c}`)}%`);
  if (range.gte) query = query.gte('created_at', range.gte);
  if (range.lt) query = query.lt('created_at', range.lt);
  const from = page * AUDIT_PAGE_SIZE;
  let total = 0;
  const rows = await unwrap(
    query
      .order('created_at', { ascending: false })
      .order('id', { ascending: false })
      .range(from, from + AUDIT_PAGE_SIZE - 1)
      .then((res) => ((total = res.count ?? 0), res)),
  );
  return { rows, total };
}

// --- Realtime ------------------------------------------------------------------------------

/** Calls `onChange` on every change of `table` the viewer may read (RLS decides); returns the unsubscribe. */
export function subscribeTable(table: 'tickets' | 'listing_reports', onChange: () => void): () => void {
  const channel = supabase
    .channel(`admin:${table}:${crypto.randomUUID()}`)
    .on('postgres_changes', { event: '*', schema: 'public', table }, onChange)
    .subscribe();
  return () => void supabase.removeChannel(channel);
}
