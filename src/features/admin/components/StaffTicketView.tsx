import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useForm } from '@mantine/form';
import { Alert, Anchor, Button, Group, Paper, Select, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { withoutEchoes } from '@/lib/outbox/model.ts';
import { onOutboxSent } from '@/lib/outbox/pageHost.ts';
import type { TicketReplyPayload } from '@/lib/outbox/senders.ts';
import { useOutbox } from '@/lib/outbox/useOutbox.ts';
import { listingPath } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useViewer } from '@/features/auth/index.ts';
import { shortTicketId, statusColor, statusLabel, useReplyTicket, type TicketStatus } from '@/features/tickets/index.ts';
import { adminKeys, staffTicketQuery, ticketMessagesQuery, useSetTicketStatus } from '../queries.ts';
import { PanelBadge } from './PanelBadge.tsx';
import classes from './AdminCards.module.css';
import { BackLink } from '@/lib/ui/BackLink.tsx';

const m = t.admin.tickets;
const status = t.tickets.status;
const STATUSES: TicketStatus[] = ['open', 'in_progress', 'resolved', 'closed'];

/**
 * One ticket for staff: the thread, a reply as staff and the status. Live through the inbox's
 * subscription. A reply goes through the outbox as a user's does: offline it waits in the
 * thread ('In attesa di connessione') and leaves once with the connection.
 */
export function StaffTicketView({ ticketId, onBack }: { ticketId: string; onBack: () => void }) {
  const { user, role } = useViewer();
  const queries = useQueryClient();
  const ticket = useQuery(staffTicketQuery(ticketId));
  const messages = useQuery(ticketMessagesQuery(ticketId));
  const reply = useReplyTicket(ticketId, user?.id ?? null);
  const setStatus = useSetTicketStatus(ticketId);
  const form = useForm({ initialValues: { body: '' }, validate: { body: (v) => (v.trim() ? null : m.replyEmpty) } });
  const queued = withoutEchoes(
    useOutbox()
      .byKind<TicketReplyPayload>('ticketReply')
      .filter((e) => e.payload.ticketId === ticketId && e.userId === user?.id),
    messages.data ?? [],
  );
  // A reply sent (now, or later back online) is read back at once, not left to the realtime echo.
  useEffect(
    () => onOutboxSent((entry) => entry.kind === 'ticketReply' && void queries.invalidateQueries({ queryKey: adminKeys.tickets() })),
    [queries],
  );

  const row = ticket.data;
  const closed = row?.status === 'closed';
  const send = form.onSubmit(({ body }) =>
    reply.mutate(
      { body: body.trim() },
      {
        onSuccess: (outcome) => {
          if (outcome.status === 'refused') return toastError(outcome.message);
          if (outcome.status === 'sent') toastSuccess(m.sent);
          form.reset();
        },
        onError: (err) => toastError(failureMessage(err, t.common.apiErrors.unexpected)),
      },
    ),
  );
  const changeStatus = (value: string | null) => {
    if (!value || value === row?.status) return;
    setStatus.mutate(value, {
      onSuccess: () => toastSuccess(m.statusChanged(statusLabel(value, status))),
      onError: (err) => toastError(failureMessage(err, t.common.apiErrors.unexpected)),
    });
  };

  if (row === null)
    return (
      <Stack gap="sm">
        <BackLink onClick={onBack} label={m.back} />
        <Alert color="gray" role="alert">
          {m.notFound}
        </Alert>
      </Stack>
    );

  return (
    <Stack gap="sm">
      <BackLink onClick={onBack} label={m.back} />
      {ticket.isError ? (
        <LoadError error={ticket.error} fallback={m.loadFailed} onRetry={() => void ticket.refetch()} />
      ) : row === undefined ? (
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
            <StaffMessage key={msg.id} author={msg.author_role} time={msg.created_at} body={msg.body} />
          ))}
          {queued.map((e) => (
            <StaffMessage key={e.id} author={role ?? ''} time={new Date(e.createdAt).toISOString()} body={e.payload.body} pending />
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

/** One message of the thread; `pending`: a staff reply still in the outbox, said so beside the time it was written. */
function StaffMessage({ author, time, body, pending = false }: { author: string; time: string; body: string; pending?: boolean }) {
  return (
    <li data-pending={pending || undefined}>
      <Paper withBorder p="sm" radius="md" bg={author === 'user' ? undefined : 'pink.0'} style={pending ? { borderStyle: 'dashed' } : undefined}>
        <Text size="xs" fw={600} c="gray.7">
          {m.authors[author as keyof typeof m.authors] ?? t.tickets.lastRepliedBy.unknown} · {pending && <>{t.pwa.outbox.pending} · </>}
          {formatDateTime(time)}
        </Text>
        <Text size="sm" className={classes.message}>
          {body}
        </Text>
      </Paper>
    </li>
  );
}
