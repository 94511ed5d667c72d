import { useEffect, useRef } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Badge, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { refetchAfterChange } from '@/lib/realtimeCatchUp.ts';
import { withoutEchoes } from '@/lib/outbox/model.ts';
import type { TicketReplyPayload } from '@/lib/outbox/senders.ts';
import { useOutbox } from '@/lib/outbox/useOutbox.ts';
import { useViewer } from '@/features/auth/index.ts';
import { subscribeTicket } from '../api.ts';
import { shortTicketId, statusColor, statusLabel, threadActions, type ThreadMessage } from '../model.ts';
import { ticketKeys, ticketQuery, useTicketsAfterSend } from '../queries.ts';
import { ReplyForm } from './ReplyForm.tsx';
import { TicketMessage } from './TicketMessage.tsx';
import { TicketListingLink } from './TicketListingLink.tsx';
import { TicketStatusActions } from './TicketStatusActions.tsx';
import { BackLink } from '@/lib/ui/BackLink.tsx';

const m = t.tickets;

/**
 * /my-tickets/:ticketId: the ticket, its thread (live over realtime) and the reply box. It
 * opens scrolled to the newest message, which is where the bell and the push click lead.
 */
export default function TicketPage() {
  const { ticketId = '' } = useParams();
  const { banned, user } = useViewer();
  const queries = useQueryClient();
  const ticket = useQuery(ticketQuery(ticketId));
  const data = ticket.data;
  const queued = withoutEchoes(
    useOutbox()
      .byKind<TicketReplyPayload>('ticketReply')
      .filter((e) => e.payload.ticketId === ticketId && e.userId === user?.id),
    data?.ticket_messages ?? [],
  );
  const count = (data?.ticket_messages.length ?? 0) + queued.length;
  const end = useRef<HTMLDivElement>(null);
  useTicketsAfterSend();

  useEffect(
    () => subscribeTicket(ticketId, () => void refetchAfterChange(queries, ticketKeys.all)),
    [ticketId, queries],
  );

  // The newest message in view on arrival and whenever one comes in.
  useEffect(() => {
    if (count > 0) end.current?.scrollIntoView({ block: 'end' });
  }, [count]);

  return (
    <Container size="sm" px="md" py="lg">
      <BackLink to="/my-tickets" label={m.thread.back} />
      {ticket.isError ? (
        <LoadError error={ticket.error} fallback={m.thread.loadFailed} onRetry={() => void ticket.refetch()} />
      ) : data === undefined ? (
        <Stack gap="sm" mt="md" aria-busy="true">
          <Skeleton height={28} width="70%" />
          <Skeleton height={18} width="40%" />
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={64} />
          ))}
        </Stack>
      ) : data === null ? (
        <Alert color="gray" mt="md" title={m.thread.notFound} role="alert">
          {m.thread.notFoundText}
        </Alert>
      ) : (
        <Stack gap="md" mt="sm">
          <Stack gap={6}>
            <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
              {data.subject}
            </Title>
            <Group gap="xs">
              <Badge color={statusColor(data.status)} c="dark.7" variant="light" style={{ flexShrink: 0 }}>
                {statusLabel(data.status, m.status)}
              </Badge>
              {data.kind === 'appeal' && (
                <Badge color="grape" c="dark.7" variant="light">
                  {m.thread.appeal}
                </Badge>
              )}
              <Text size="sm" c="dark.5">
                {m.thread.ticketId} <span style={{ fontFamily: 'monospace' }}>{shortTicketId(data.id)}</span> · {m.thread.openedOn}{' '}
                {formatDateTime(data.created_at)}
              </Text>
            </Group>
            <Text size="sm">
              {m.thread.listing}:{' '}
              <TicketListingLink listingId={data.listing_id} title={data.listings?.title} none={m.thread.noListing} />
            </Text>
            <TicketStatusActions ticketId={data.id} actions={threadActions(data.status, banned)} />
          </Stack>

          <Title order={2} size="h5">
            {m.thread.messages}
          </Title>
          {count === 0 ? (
            <Text c="dark.5">{m.thread.empty}</Text>
          ) : (
            <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.thread.messages} aria-live="polite">
              {data.ticket_messages.map((message) => (
                <TicketMessage key={message.id} message={message} />
              ))}
              {queued.map((e) => (
                <TicketMessage key={e.id} message={queuedMessage(e.id, e.payload.body, e.createdAt)} pending />
              ))}
            </Stack>
          )}
          <div ref={end} />

          {banned ? (
            <Alert color="gray">{m.thread.bannedNotice}</Alert>
          ) : data.status === 'closed' ? (
            <Alert color="gray">{m.thread.closedNotice}</Alert>
          ) : (
            <>
              {data.status === 'resolved' && <Text size="sm">{m.thread.resolvedNotice}</Text>}
              <ReplyForm ticketId={data.id} />
            </>
          )}
        </Stack>
      )}
    </Container>
  );
}

function queuedMessage(id: string, body: string, createdAt: number): ThreadMessage {
  return { id, author_role: 'user', body, created_at: new Date(createdAt).toISOString() };
}
