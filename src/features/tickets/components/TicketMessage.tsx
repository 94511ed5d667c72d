import { Group, Paper, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { authorLabel, isUserMessage, type ThreadMessage } from '../model.ts';

const m = t.tickets.thread;

/**
 * One message of the thread: who wrote it, when (Rome time), the text; the user's own on the
 * right. `pending`: a reply still in the outbox, said so beside the time it was written.
 */
export function TicketMessage({ message, pending = false }: { message: ThreadMessage; pending?: boolean }) {
  const mine = isUserMessage(message);
  return (
    <Paper
      component="li"
      withBorder
      p="sm"
      radius="md"
      maw="88%"
      ml={mine ? 'auto' : 0}
      bg={mine ? 'blue.0' : 'gray.0'}
      data-author={message.author_role}
      data-testid="ticket-message"
      data-pending={pending || undefined}
      style={pending ? { borderStyle: 'dashed' } : undefined}
    >
      <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
        <Text size="sm" fw={700} c={mine ? 'blue.9' : 'dark.7'}>
          {authorLabel(message.author_role, m.author)}
        </Text>
        <Text size="xs" c="dark.5">
          {pending && <>{t.pwa.outbox.pending} · </>}
          <time dateTime={message.created_at}>{formatDateTime(message.created_at)}</time>
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {message.body}
      </Text>
    </Paper>
  );
}
