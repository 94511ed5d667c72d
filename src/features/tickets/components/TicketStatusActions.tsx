import { Button, Group } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import type { ThreadActions } from '../model.ts';
import { useSetTicketStatus } from '../queries.ts';

const m = t.tickets.thread;

/** 'Chiudi ticket' and 'Riapri ticket', shown only when the owner may use them. */
export function TicketStatusActions({ ticketId, actions }: { ticketId: string; actions: ThreadActions }) {
  const change = useSetTicketStatus(ticketId);
  if (!actions.canClose && !actions.canReopen) return null;
  const set = (status: 'open' | 'closed') =>
    change.mutate(status, {
      onSuccess: () => toastSuccess(status === 'closed' ? m.closed : m.reopened),
      onError: (err) => toastError(failureMessage(err, m.statusFailed)),
    });
  return (
    <Group gap="xs">
      {actions.canReopen && (
        <Button variant="light" size="compact-sm" loading={change.isPending && change.variables === 'open'} onClick={() => set('open')}>
          {m.reopen}
        </Button>
      )}
      {actions.canClose && (
        <Button variant="default" size="compact-sm" loading={change.isPending && change.variables === 'closed'} onClick={() => set('closed')}>
          {m.close}
        </Button>
      )}
    </Group>
  );
}
