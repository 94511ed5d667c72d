import { useQuery } from '@tanstack/react-query';
import { Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { banHistoryQuery } from '../queries.ts';
import { statementKind } from '../users/model.ts';
import { PanelBadge } from './PanelBadge.tsx';

const s = t.adminStaff;
const m = s.users.history_;

/**
 * A user's statements of reasons, newest first: each ban, new reason and unban with its date,
 * none ever rewritten. `onNewReason` (offered while the ban runs) asks for the next one.
 */
export function UsersBanHistoryDialog({ userId, who, onNewReason, onClose }: { userId: string; who: string; onNewReason?: () => void; onClose: () => void }) {
  const history = useQuery(banHistoryQuery(userId));
  return (
    <Modal opened onClose={onClose} title={m.title(who)} centered closeButtonProps={{ 'aria-label': s.common.close }}>
      <Stack gap="sm">
        <Text size="sm">{m.text}</Text>
        {history.isError ? (
          <LoadError error={history.error} fallback={m.loadFailed} onRetry={() => void history.refetch()} />
        ) : !history.data ? (
          <Skeleton height={72} aria-busy="true" />
        ) : history.data.length === 0 ? (
          <Text size="sm" c="gray.7">
            {m.empty}
          </Text>
        ) : (
          <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }} data-testid="ban-history">
            {history.data.map((row, i) => (
              <Paper key={row.id} component="li" withBorder p="xs" radius="sm">
                <Group justify="space-between" gap="xs">
                  <Text size="sm" fw={600}>
                    {m.kinds[statementKind(row)]}
                  </Text>
                  {i === 0 && row.decision === 'ban' && <PanelBadge color="red">{m.current}</PanelBadge>}
                </Group>
                <Text size="xs" c="gray.7">
                  <time dateTime={row.created_at}>{formatDateTime(row.created_at)}</time>
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.reason ?? m.noReason}
                </Text>
              </Paper>
            ))}
          </Stack>
        )}
        {onNewReason && (
          <Group justify="flex-end">
            <Button variant="light" color="red" onClick={onNewReason}>
              {m.newReason}
            </Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
