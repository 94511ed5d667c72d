import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Group, Paper, Select, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { lastReplyLabel, shortTicketId, statusColor, statusLabel } from '@/features/tickets/index.ts';
import { TICKET_FILTERS, type TicketFilter } from '../model.ts';
import { adminKeys, staffTicketsQuery } from '../queries.ts';
import { StaffTicketView } from './StaffTicketView.tsx';
import { useLiveTable } from './useLiveTable.ts';
import { PanelBadge } from './PanelBadge.tsx';
import classes from './AdminCards.module.css';

const m = t.admin.tickets;
const status = t.tickets.status;

const filterLabel = (f: TicketFilter) => (f === 'all' ? m.all : f === 'active' ? m.active : status[f]);

/** Ticket: the staff inbox by status, newest activity first, live; a ticket opens in place (?ticket=). */
export default function TicketsSection() {
  const [params, setParams] = useSearchParams();
  const filter = (TICKET_FILTERS as readonly string[]).includes(params.get('stato') ?? '') ? (params.get('stato') as TicketFilter) : 'active';
  const openId = params.get('ticket');
  const tickets = useQuery(staffTicketsQuery(filter));
  useLiveTable('tickets', adminKeys.tickets());

  const setParam = (name: string, value: string | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  if (openId) return <StaffTicketView ticketId={openId} onBack={() => setParam('ticket', null)} />;

  const rows = tickets.data;
  return (
    <Stack gap="sm">
      <Select
        label={m.filter}
        data={TICKET_FILTERS.map((f) => ({ value: f, label: filterLabel(f) }))}
        value={filter}
        onChange={(v) => setParam('stato', v)}
        allowDeselect={false}
        maw={260}
      />
      {tickets.isError ? (
        <LoadError error={tickets.error} fallback={m.loadFailed} onRetry={() => void tickets.refetch()} />
      ) : !rows ? (
        <Stack gap="xs" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={72} radius="md" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="gray.7">{m.empty}</Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.list}>
          {rows.map((row) => (
            <li key={row.id}>
              <UnstyledButton className={classes.card} onClick={() => setParam('ticket', row.id)} aria-label={`${m.open}: ${row.subject}`}>
                <Paper withBorder p="sm" radius="md">
                  <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                    <Text fw={600} className={classes.title}>
                      {row.subject}
                    </Text>
                    <PanelBadge color={statusColor(row.status)}>{statusLabel(row.status, status)}</PanelBadge>
                  </Group>
                  <Text size="sm" c="gray.7" className={classes.wrap}>
                    #{shortTicketId(row.id)} · {m.from} {row.reporter_email}
                  </Text>
                  <Text size="sm" c="gray.7">
                    {m.updated}: {formatDateTime(row.updated_at)} · {m.lastReply}: {lastReplyLabel(row.last_replied_by, t.tickets.lastRepliedBy)}
                  </Text>
                </Paper>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
