/** The tickets' server state: query keys, queries and mutations over api.ts, for the query cache. */
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { createTicket, fetchMyTickets, fetchOpenAppeal, fetchTicket, fileAppeal, replyTicket, setTicketStatus } from './api.ts';
import type { TicketFormValues } from './model.ts';

export const ticketKeys = {
  all: ['tickets'] as const,
  mine: (userId: string | undefined) => [...ticketKeys.all, 'mine', userId] as const,
  one: (id: string) => [...ticketKeys.all, 'one', id] as const,
  openAppeal: (userId: string | null) => [...ticketKeys.all, 'open-appeal', userId] as const,
};

/** One ticket with its thread. */
export const ticketQuery = (id: string) => queryOptions({ queryKey: ticketKeys.one(id), queryFn: () => fetchTicket(id) });

/** The viewer's tickets; waits (skipToken) while there is no viewer, as on the moment of a sign-out. */
export const myTicketsQuery = (user: { id: string; email: string } | null) =>
  queryOptions({ queryKey: ticketKeys.mine(user?.id), queryFn: user ? () => fetchMyTickets(user) : skipToken });

/** The banned viewer's undecided appeal (filing one makes every ticket key stale, this one too). */
export const openAppealQuery = (userId: string | null) =>
  queryOptions({ queryKey: ticketKeys.openAppeal(userId), queryFn: userId ? () => fetchOpenAppeal(userId) : skipToken });

/** Files a ticket; every ticket list is stale afterwards. */
export function useCreateTicket() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ values, listingId, subject }: { values: TicketFormValues; listingId: string | null; subject: string }) =>
      createTicket(values, { listingId, subject }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** Replies on a ticket; the thread and the lists (status, last reply) are stale afterwards. */
export function useReplyTicket(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => replyTicket(id, body),
    onSuccess: () => queries.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** Closes or reopens a ticket. */
export function useSetTicketStatus(id: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (status: 'open' | 'closed') => setTicketStatus(id, status),
    onSuccess: () => queries.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}

/** Files the banned user's appeal. */
export function useFileAppeal() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (message: string) => fileAppeal(message),
    onSuccess: () => queries.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
