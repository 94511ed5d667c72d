import { Link } from 'react-router-dom';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { formatDateTime } from '@/lib/dates.ts';
import type { TicketRow } from '../api.ts';
import { lastReplyLabel, shortTicketId, statusColor, statusLabel } from '../model.ts';
import { TicketListingLink } from './TicketListingLink.tsx';

const m = t.tickets;

/** One ticket of 'I Miei Ticket' on a phone: the table's columns as a card, the badge whole. */
export function TicketCard({ row }: { row: TicketRow }) {
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {row.subject}
          </Text>
          <Badge color={statusColor(row.status)} c="dark.7" variant="light" style={{ flexShrink: 0, overflow: 'visible' }}>
            {statusLabel(row.status, m.status)}
          </Badge>
        </Group>
        <Text size="sm" c="dark.5">
          {m.list.columns.id} <span style={{ fontFamily: 'monospace' }}>{shortTicketId(row.id)}</span> · {m.list.columns.created}{' '}
          {formatDateTime(row.created_at)}
        </Text>
        <Text size="sm">
          {m.list.columns.listing}:{' '}
          <TicketListingLink listingId={row.listing_id} title={row.listings?.title} none={m.list.noListing} />
        </Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm">
            {m.list.columns.lastReply}: {lastReplyLabel(row.last_replied_by, m.lastRepliedBy)}
          </Text>
          <Button component={Link} to={`/my-tickets/${row.id}`} size="compact-sm" variant="light" aria-label={`${m.list.view}: ${row.subject}`}>
            {m.list.view}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
