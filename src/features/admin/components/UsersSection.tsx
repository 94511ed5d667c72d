import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { BADGE_TEXT } from './UsersBadgeText.ts';
import { formatDate } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { adminUserListingsPath } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useViewer } from '@/features/auth/index.ts';
import type { StaffUserRow } from '../api.ts';
import { useSetBanned, usersQuery } from '../queries.ts';
import { userActions, USERS_PAGE_SIZE } from '../users/model.ts';
import { UsersBanHistoryDialog } from './UsersBanHistoryDialog.tsx';
import { UsersCreditsDialog } from './UsersCreditsDialog.tsx';
import { Pager } from '@/lib/ui/Pager.tsx';
import { UsersReasonDialog } from './UsersReasonDialog.tsx';
import { UsersRoleDialog } from './UsersRoleDialog.tsx';
import { UsersSearchForm } from './UsersSearchForm.tsx';

const s = t.adminStaff;
const m = s.users;

const ROLE_COLOR: Record<string, string> = { admin: 'grape', supporto: 'blue', banned: 'red', user: 'gray' };

type Dialog = { kind: 'ban' | 'reason' | 'unban' | 'history' | 'credits' | 'role'; user: StaffUserRow } | null;

/** Utenti: search by e-mail or name; each user's role, credits, listings and tickets, and the staff actions on them. */
export default function UsersSection() {
  const viewer = useViewer();
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const users = useQuery(usersQuery(query, page));
  const setBanned = useSetBanned();
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / USERS_PAGE_SIZE)) : 1;
  const close = () => setDialog(null);
  const who = (u: StaffUserRow) => u.display_name || u.email || m.noName;

  // 'reason' bans again a banned user: a new statement of reasons, the earlier ones kept.
  const decide = (kind: 'ban' | 'reason' | 'unban') => (reason: string) =>
    dialog &&
    setBanned.mutate(
      { userId: dialog.user.id, banned: kind !== 'unban', reason },
      {
        onSuccess: () => {
          toastSuccess(m[`${kind}_`].done);
          close();
        },
        onError: (err) => toastError(failureMessage(err, m[`${kind}_`].failed)),
      },
    );

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {m.title}
      </Title>
      <UsersSearchForm
        label={m.searchLabel}
        placeholder={m.searchPlaceholder}
        onSearch={(term) => {
          setQuery(term);
          setPage(1);
        }}
      />
      {users.isError && !data ? (
        <LoadError error={users.error} fallback={m.loadFailed} onRetry={() => void users.refetch()} />
      ) : !data ? (
        <Stack gap="sm" aria-busy="true" aria-label={s.common.loading}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={96} radius="md" />
          ))}
        </Stack>
      ) : data.rows.length === 0 ? (
        <Text c="gray.7" data-testid="users-empty">
          {m.empty}
        </Text>
      ) : (
        <>
          <Text size="sm" c="gray.7">
            {s.common.total(data.total)}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" data-testid="users" aria-busy={users.isPlaceholderData || undefined}>
            {data.rows.map((u) => {
              const can = userActions({ id: viewer.user?.id ?? '', role: viewer.role }, u);
              return (
                <Card key={u.id} withBorder padding="sm" radius="md" data-testid="user-row" component="article" aria-label={who(u)}>
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Text fw={600} truncate>
                        {who(u)}
                      </Text>
                      {u.display_name && (
                        <Text size="sm" c="gray.7" truncate>
                          {u.email}
                        </Text>
                      )}
                      <Text size="sm" c="gray.7">
                        {m.credits(u.credits)} · {m.listings(u.listings_count)} · {m.tickets(u.tickets_count)}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {m.since(formatDate(u.created_at))}
                      </Text>
                    </Stack>
                    <Badge color={ROLE_COLOR[u.role] ?? 'gray'} variant="light" style={BADGE_TEXT} data-testid="user-role">
                      {s.roles[u.role] ?? u.role}
                    </Badge>
                  </Group>
                  <Group gap="xs" mt="sm" role="group" aria-label={m.actions(who(u))}>
                    <Button size="compact-sm" variant="light" component={Link} to={adminUserListingsPath(u.id)}>
                      {m.viewListings}
                    </Button>
                    {can.adjustCredits && (
                      <Button size="compact-sm" variant="light" onClick={() => setDialog({ kind: 'credits', user: u })}>
                        {m.adjust}
                      </Button>
                    )}
                    {can.changeRole && (
                      <Button size="compact-sm" variant="light" color="grape" onClick={() => setDialog({ kind: 'role', user: u })}>
                        {m.role}
                      </Button>
                    )}
                    {can.ban && (
                      <Button size="compact-sm" variant="light" color="red" onClick={() => setDialog({ kind: 'ban', user: u })}>
                        {m.ban}
                      </Button>
                    )}
                    {can.unban && (
                      <Button size="compact-sm" variant="light" onClick={() => setDialog({ kind: 'unban', user: u })}>
                        {m.unban}
                      </Button>
                    )}
                    {u.role === 'banned' && (
                      <Button size="compact-sm" variant="light" color="gray" onClick={() => setDialog({ kind: 'history', user: u })}>
                        {m.history}
                      </Button>
                    )}
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
          {users.isError && <LoadError error={users.error} fallback={m.loadFailed} onRetry={() => void users.refetch()} />}
          <Pager page={page} pages={pages} onChange={setPage} labels={t.adminStaff.common} />
        </>
      )}
      {(dialog?.kind === 'ban' || dialog?.kind === 'reason' || dialog?.kind === 'unban') && (
        <UsersReasonDialog
          opened
          title={m[`${dialog.kind}_`].title}
          text={m[`${dialog.kind}_`].text(who(dialog.user))}
          placeholder={m[`${dialog.kind}_`].reasonPlaceholder}
          confirm={m[`${dialog.kind}_`].confirm}
          pending={setBanned.isPending}
          onConfirm={decide(dialog.kind)}
          onClose={close}
        />
      )}
      {dialog?.kind === 'history' && (
        <UsersBanHistoryDialog
          userId={dialog.user.id}
          who={who(dialog.user)}
          onNewReason={userActions({ id: viewer.user?.id ?? '', role: viewer.role }, dialog.user).unban ? () => setDialog({ kind: 'reason', user: dialog.user }) : undefined}
          onClose={close}
        />
      )}
      {dialog?.kind === 'credits' && <UsersCreditsDialog opened user={dialog.user} onClose={close} />}
      {dialog?.kind === 'role' && <UsersRoleDialog opened user={dialog.user} who={who(dialog.user)} onClose={close} />}
    </Stack>
  );
}
