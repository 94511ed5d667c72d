/** The tickets' server state: query keys, queries and mutations over api.ts, for the query cache. */
import { useEffect } from 'react';
import { queryOptions, skipToken, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { OutboxEntry } from '@/lib/outbox/model.ts';
import { onOutboxSent } from '@/lib/outbox/pageHost.ts';
import type { TicketReplyPayload } from '@/lib/outbox/senders.ts';
import { submitWrite } from '@/lib/outbox/submit.ts';
import { createTicket, fetchMyTickets, fetchOpenAppeal, fetchTicket, fileAppeal, replyTicket, setTicketStatus, type ThreadTicket } from './api.ts';
import { sortThread, ticketPayload, type TicketFormValues } from './model.ts';

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

/**
 * Files a ticket through the outbox: sent at once online, kept for the connection offline (then
 * 'I miei ticket' lists it as waiting). Never paused by TanStack Query: the outbox decides.
 */
export function useCreateTicket(userId: string | null) {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ values, listingId, subject }: { values: TicketFormValues; listingId: string | null; subject: string }) =>
      submitWrite('ticketCreate', ticketPayload(values, { listingId, subject }), { userId }, (clientId) => createTicket(values, { listingId, subject, clientId })),
  });
}

/** Replies through the outbox; `id`, the reply's client id, is made here unless given. */
export function useReplyTicket(ticketId: string, userId: string | null) {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, body }: { id?: string; body: string }) =>
      submitWrite('ticketReply', { ticketId, body: body.trim() }, { userId, id }, (clientId) => replyTicket(ticketId, body, clientId)),
  });
}

/**
 * After this page's outbox sent a reply or a ticket: the reply joins its thread at once (as the
 * row its realtime echo brings, same client id, so it never shows twice), then the lists refetch.
 */
export function useTicketsAfterSend() {
  const queries = useQueryClient();
  useEffect(() => followSent(queries), [queries]);
}

const following = new WeakSet<QueryClient>();

/**
 * For the cache's life, not the screen's: a ticket or reply sent while another screen showed
 * left the cached list and thread without it, and its waiting card had gone.
 */
function followSent(queries: QueryClient) {
  if (following.has(queries)) return;
  following.add(queries);
  onOutboxSent((entry) => {
    if (entry.kind === 'ticketReply') addSentReply(queries, entry as OutboxEntry<TicketReplyPayload>);
    if (entry.kind === 'ticketReply' || entry.kind === 'ticketCreate') void queries.invalidateQueries({ queryKey: ticketKeys.all });
  });
}

function addSentReply(queries: QueryClient, entry: OutboxEntry<TicketReplyPayload>) {
  queries.setQueryData<ThreadTicket | null>(ticketKeys.one(entry.payload.ticketId), (ticket) => {
    if (!ticket || ticket.ticket_messages.some((message) => message.client_id === entry.id)) return ticket;
    const sent = { id: entry.id, client_id: entry.id, author_role: 'user', body: entry.payload.body, created_at: new Date().toISOString() };
    return { ...ticket, ticket_messages: sortThread([...ticket.ticket_messages, sent]) };
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
