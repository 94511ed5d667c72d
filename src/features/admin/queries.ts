/** The control panel's server state: query keys, queries and mutations over api.ts. */
import { keepPreviousData, queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { romeDayStart } from '@/lib/dates.ts';
import {
  dismissReport,
  fetchAuditLog,
  fetchOverview,
  fetchReports,
  fetchStaffTicket,
  fetchStaffTickets,
  fetchTicketMessages,
  removeListing,
  replyToTicket,
  setTicketStatus,
} from './api.ts';
import { auditRange, type AuditFilters, type ReportStatus, type TicketFilter } from './model.ts';

export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  tickets: () => [...adminKeys.all, 'tickets'] as const,
  ticketList: (filter: TicketFilter) => [...adminKeys.tickets(), 'list', filter] as const,
  ticket: (id: string) => [...adminKeys.tickets(), 'one', id] as const,
  messages: (id: string) => [...adminKeys.tickets(), 'messages', id] as const,
  reports: (status?: ReportStatus) => (status ? ([...adminKeys.all, 'reports', status] as const) : ([...adminKeys.all, 'reports'] as const)),
  audit: (filters?: AuditFilters, page?: number) =>
    filters ? ([...adminKeys.all, 'audit', filters, page] as const) : ([...adminKeys.all, 'audit'] as const),
};

// Staff screens show what happens now: asked again on every visit.
export const overviewQuery = () => queryOptions({ queryKey: adminKeys.overview(), queryFn: fetchOverview, refetchOnMount: 'always' });

export const staffTicketsQuery = (filter: TicketFilter) =>
  queryOptions({ queryKey: adminKeys.ticketList(filter), queryFn: () => fetchStaffTickets(filter), refetchOnMount: 'always', placeholderData: keepPreviousData });

export const staffTicketQuery = (id: string | null) =>
  queryOptions({ queryKey: adminKeys.ticket(id ?? ''), queryFn: id ? () => fetchStaffTicket(id) : skipToken });

export const ticketMessagesQuery = (id: string | null) =>
  queryOptions({ queryKey: adminKeys.messages(id ?? ''), queryFn: id ? () => fetchTicketMessages(id) : skipToken });

export const reportsQuery = (status: ReportStatus) =>
  queryOptions({ queryKey: adminKeys.reports(status), queryFn: () => fetchReports(status), refetchOnMount: 'always' });

export const auditLogQuery = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: adminKeys.audit(filters, page),
    queryFn: () => fetchAuditLog(filters, auditRange(filters, romeDayStart), page),
    refetchOnMount: 'always',
    placeholderData: keepPreviousData,
  });

/** After a staff action: the lists it changes, the figures and the log. */
function useInvalidate() {
  const queries = useQueryClient();
  return (...keys: (readonly unknown[])[]) =>
    Promise.all([...keys, adminKeys.overview(), adminKeys.audit()].map((queryKey) => queries.invalidateQueries({ queryKey })));
}

export function useReplyToTicket(ticketId: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: string) => replyToTicket(ticketId, body), onSuccess: () => invalidate(adminKeys.tickets()) });
}

export function useSetTicketStatus(ticketId: string) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (status: string) => setTicketStatus(ticketId, status), onSuccess: () => invalidate(adminKeys.tickets()) });
}

export function useDismissReport() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ reportId, note }: { reportId: string; note: string }) => dismissReport(reportId, note),
    onSuccess: () => invalidate(adminKeys.reports()),
  });
}

export function useRemoveListing() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ listing, reason }: { listing: { id: string; user_id: string }; reason: string }) => removeListing(listing, reason),
    onSuccess: () => invalidate(adminKeys.reports()),
  });
}
