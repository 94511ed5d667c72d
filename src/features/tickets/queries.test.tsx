import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createQueryClient } from '@/lib/queryClient.ts';
import { pageHost } from '@/lib/outbox/pageHost.ts';
import type { ThreadTicket } from './api.ts';
import { ticketKeys, useTicketsAfterSend } from './queries.ts';

const T = 'd0000001-0000-4000-8000-000000000001';

describe('useTicketsAfterSend', () => {
  it('adds a reply the outbox sent after the thread was left, and marks the lists stale', () => {
    const queries = createQueryClient();
    const first = { id: 'm1', client_id: null, author_role: 'user', body: 'Prima.', created_at: '2026-12-01T09:00:00Z' };
    queries.setQueryData(ticketKeys.one(T), { id: T, ticket_messages: [first] });
    queries.setQueryData(ticketKeys.mine('u1'), []);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queries}>{children}</QueryClientProvider>;
    renderHook(() => useTicketsAfterSend(), { wrapper }).unmount();

    const reply = { id: 'c1', kind: 'ticketReply', payload: { ticketId: T, body: 'Scritta in treno.' }, userId: 'u1', createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null };
    pageHost.sent!(reply);

    expect(queries.getQueryData<ThreadTicket>(ticketKeys.one(T))?.ticket_messages.map((m) => m.body)).toEqual(['Prima.', 'Scritta in treno.']);
    expect(queries.getQueryState(ticketKeys.mine('u1'))?.isInvalidated).toBe(true);
  });
});
