/** The tickets' server state: query keys, queries and mutations over api.ts, for the query cache. */
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { createTicket, fetchMyTickets } from './api.ts';
import type { TicketFormValues } from './model.ts';

const ticketKeys = {
  all: ['tickets'] as const,
  mine: (userId: string | undefined) => [...ticketKeys.all, 'mine', userId] as const,
};

/** The viewer's tickets; waits (skipToken) while there is no viewer, as on the moment of a sign-out. */
export const myTicketsQuery = (user: { id: string; email: string } | null) =>
  queryOptions({ queryKey: ticketKeys.mine(user?.id), queryFn: user ? () => fetchMyTickets(user) : skipToken });

/** Files a ticket; every ticket list is stale afterwards. */
export function useCreateTicket() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ values, listingId, subject }: { values: TicketFormValues; listingId: string | null; subject: string }) =>
      createTicket(values, { listingId, subject }),
    onSuccess: () => queries.invalidateQueries({ queryKey: ticketKeys.all }),
  });
}
