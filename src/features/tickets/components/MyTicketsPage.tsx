import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { Alert, Badge, Button, Container, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { ticketPath } from '@/lib/paths.ts';
import { useViewer } from '@/features/auth/index.ts';
import type { TicketCreatePayload } from '@/lib/outbox/senders.ts';
import { useOutbox } from '@/lib/outbox/useOutbox.ts';
import { PushInvite } from '@/features/notifications/signed-in.ts';
import { lastReplyLabel, shortTicketId, statusColor, statusLabel, wasTicketSent } from '../model.ts';
import { myTicketsQuery, useTicketsAfterSend } from '../queries.ts';
import { openSupportDialog } from '../store.ts';
import { QueuedTicketCard } from './QueuedTicketCard.tsx';
import { TicketCard } from './TicketCard.tsx';
import { TicketListingLink } from './TicketListingLink.tsx';

const m = t.tickets;

/** 'I Miei Ticket': the signed-in user's tickets, newest activity first, after those still waiting to be sent. */
export default function MyTicketsPage() {
  const { user } = useViewer();
  const tickets = useQuery(myTicketsQuery(user));
  const rows = tickets.data;
  const queued = useOutbox()
    .byKind<TicketCreatePayload>('ticketCreate')
    .filter((e) => e.userId === user?.id);
  useTicketsAfterSend();
  // Phones read each ticket as a card; the table needs more width than a phone has.
  const phone = useMediaQuery('(max-width: 47.99em)');
  // Just after a ticket was sent (here, or elsewhere and then brought here) is the moment to offer
  // push. The history entry forgets it, so coming back to the list or reloading it does not offer it again.
  const location = useLocation();
  const navigate = useNavigate();
  const broughtSent = wasTicketSent(location.state);
  const [sent, setSent] = useState(broughtSent);
  if (broughtSent && !sent) setSent(true);
  useEffect(() => {
    if (broughtSent) void navigate(location.pathname, { replace: true, state: null });
  }, [broughtSent, location.pathname, navigate]);
  // A new ticket refreshes the list through the mutation's invalidation; stay on this page.
  const newTicket = () => openSupportDialog({ onSuccess: () => setSent(true) });

  return (
    <Container size="lg" px="md" py="lg">
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {m.list.title}
        </Title>
        <Button onClick={newTicket}>{m.list.newTicket}</Button>
      </Group>
      {user && sent && <PushInvite userId={user.id} reason="ticket" mb="md" />}
      {queued.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} mb="md" style={{ listStyle: 'none' }} aria-label={t.pwa.outbox.pending}>
          {queued.map((entry) => (
            <QueuedTicketCard key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      {!user ? (
        <Alert color="red">{m.list.unauthenticated}</Alert>
      ) : tickets.isError ? (
        <LoadError error={tickets.error} fallback={m.list.loadFailed} onRetry={() => void tickets.refetch()} />
      ) : !rows ? (
        <Stack gap="xs" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : rows.length === 0 && queued.length === 0 ? (
        <Stack align="center" py="xl" gap="sm">
          <Text>{m.list.empty}</Text>
          <Button variant="light" onClick={newTicket}>
            {m.list.firstTicket}
          </Button>
        </Stack>
      ) : phone ? (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <TicketCard key={row.id} row={row} />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{m.list.columns.id}</Table.Th>
                <Table.Th>{m.list.columns.subject}</Table.Th>
                <Table.Th>{m.list.columns.listing}</Table.Th>
                <Table.Th>{m.list.columns.status}</Table.Th>
                <Table.Th>{m.list.columns.lastReply}</Table.Th>
                <Table.Th>{m.list.columns.created}</Table.Th>
                <Table.Th>{m.list.columns.actions}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td ff="monospace">{shortTicketId(row.id)}</Table.Td>
                  <Table.Td>{row.subject}</Table.Td>
                  <Table.Td>
                    <TicketListingLink listingId={row.listing_id} title={row.listings?.title} none={m.list.noListing} />
                  </Table.Td>
                  <Table.Td>
                    <Badge color={statusColor(row.status)} c="dark.7" variant="light">
                      {statusLabel(row.status, m.status)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{lastReplyLabel(row.last_replied_by, m.lastRepliedBy)}</Table.Td>
                  <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                  <Table.Td>
                    <Button component={Link} to={ticketPath(row.id)} size="compact-sm" variant="light">
                      {m.list.view}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Container>
  );
}
