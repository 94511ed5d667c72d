import { Badge, Paper, Stack, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { formatDateTime } from '@/lib/dates.ts';
import type { OutboxEntry } from '@/lib/outbox/model.ts';
import type { TicketCreatePayload } from '@/lib/outbox/senders.ts';

/** A ticket written offline, still in the outbox: its subject and message, said to be waiting since it was written. */
export function QueuedTicketCard({ entry }: { entry: OutboxEntry<TicketCreatePayload> }) {
  const written = new Date(entry.createdAt).toISOString();
  return (
    <Paper component="li" withBorder p="sm" radius="md" style={{ borderStyle: 'dashed' }} data-testid="queued-ticket">
      <Stack gap={6}>
        {/* Above the subject, not beside it: the label is long, and at 360 px it left the subject one word a line. */}
        <Badge color="gray" c="dark.7" variant="light" style={{ alignSelf: 'flex-start', overflow: 'visible' }}>
          {t.pwa.outbox.pending}
        </Badge>
        <Text fw={700} style={{ overflowWrap: 'anywhere' }} data-testid="queued-ticket-subject">
          {entry.payload.initialSubject}
        </Text>
        <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
          {entry.payload.messageContent}
        </Text>
        <Text size="sm" c="dark.5">
          {t.tickets.list.columns.created} <time dateTime={written}>{formatDateTime(written)}</time>
        </Text>
      </Stack>
    </Paper>
  );
}
