import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { Anchor, Button, Group, Paper, Select, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { listingPath } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { shortTicketId, statusColor, statusLabel, type TicketStatus } from '@/features/tickets/index.ts';
import { staffTicketQuery, ticketMessagesQuery, useReplyToTicket, useSetTicketStatus } from '../queries.ts';
import { PanelBadge } from './PanelBadge.tsx';
import classes from './AdminCards.module.css';
import { BackLink } from '@/lib/ui/BackLink.tsx';

const m = t.admin.tickets;
const status = t.tickets.status;
const STATUSES: TicketStatus[] = ['open', 'in_progress', 'resolved', 'closed'];

/** One ticket for staff: the thread, a reply as staff and the status. Live through the inbox's subscription. */
export function StaffTicketView({ ticketId, onBack }: { ticketId: string; onBack: () => void }) {
  const ticket = useQuery(staffTicketQuery(ticketId));
  const messages = useQuery(ticketMessagesQuery(ticketId));
  const reply = useReplyToTicket(ticketId);
  const setStatus = useSetTicketStatus(ticketId);
  const form = useForm({ initialValues: { body: '' }, validate: { body: (v) => (v.trim() ? null : m.replyEmpty) } });

  const row = ticket.data;
  const closed = row?.status === 'closed';
  const send = form.onSubmit(({ body }) =>
    reply.mutate(body.trim(), {
      onSuccess: () => {
        form.reset();
        toastSuccess(m.sent);
      },
      onError: (err) => toastError(failureMessage(err, t.common.apiErrors.unexpected)),
    }),
  );
  const changeStatus = (value: string | null) => {
    if (!value || value === row?.status) return;
    setStatus.mutate(value, {
      onSuccess: () => toastSuccess(m.statusChanged(statusLabel(value, status))),
      onError: (err) => toastError(failureMessage(err, t.common.apiErrors.unexpected)),
    });
  };

  return (
    <Stack gap="sm">
      <BackLink onClick={onBack} label={m.back} />
      {ticket.isError ? (
        <LoadError error={ticket.error} fallback={m.loadFailed} onRetry={() => void ticket.refetch()} />
      ) : !row ? (
        <Skeleton height={80} radius="md" />
      ) : (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={2} size="h4" className={classes.title}>
              {row.subject}
            </Title>
            <PanelBadge color={statusColor(row.status)}>{statusLabel(row.status, status)}</PanelBadge>
          </Group>
          <Text size="sm" c="gray.7" className={classes.wrap}>
            #{shortTicketId(row.id)} · {m.from} {row.reporter_email} · {formatDateTime(row.created_at)}
          </Text>
          <Text size="sm">
            {m.listing}:{' '}
            {row.listing_id ? (
              <Anchor component={Link} to={listingPath(row.listing_id)}>
                {row.listings?.title ?? shortTicketId(row.listing_id)}
              </Anchor>
            ) : (
              m.noListing
            )}
          </Text>
          <Select
            mt="xs"
            label={m.setStatus}
            data={STATUSES.map((s) => ({ value: s, label: status[s] }))}
            value={row.status}
            onChange={changeStatus}
            allowDeselect={false}
            disabled={setStatus.isPending}
            maw={260}
          />
        </Paper>
      )}

      <Title order={3} size="h5">
        {m.thread}
      </Title>
      {messages.isError ? (
        <LoadError error={messages.error} fallback={m.threadLoadFailed} onRetry={() => void messages.refetch()} />
      ) : !messages.data ? (
        <Skeleton height={60} radius="md" />
      ) : (
        <Stack gap="xs" component="ol" className={classes.list} aria-label={m.thread}>
          {messages.data.map((msg) => (
            <li key={msg.id}>
              <Paper withBorder p="sm" radius="md" bg={msg.author_role === 'user' ? undefined : 'pink.0'}>
                <Text size="xs" fw={600} c="gray.7">
                  {m.authors[msg.author_role as keyof typeof m.authors] ?? t.tickets.lastRepliedBy.unknown} · {formatDateTime(msg.created_at)}
                </Text>
                <Text size="sm" className={classes.message}>
                  {msg.body}
                </Text>
              </Paper>
            </li>
          ))}
        </Stack>
      )}

      {closed ? (
        <Text size="sm" c="gray.7">
          {m.closedNoReply}
        </Text>
      ) : (
        <form onSubmit={send} noValidate>
          <Stack gap="xs">
            <Textarea label={m.reply} placeholder={m.replyPlaceholder} autosize minRows={3} maxLength={5000} {...form.getInputProps('body')} />
            <Group justify="flex-end">
              <Button type="submit" loading={reply.isPending}>
                {m.send}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
