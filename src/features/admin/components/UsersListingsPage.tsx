import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Badge, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { BADGE_TEXT } from './UsersBadgeText.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { useViewer } from '@/features/auth/index.ts';
import { ListingCard } from '@/features/listings/index.ts';
import { MY_LISTINGS_PAGE_SIZE, myListingsQuery, OwnerCardActions } from '@/features/listings/signed-in.ts';
import { adminSectionPath } from '@/lib/paths.ts';
import { userQuery } from '../queries.ts';
import { Pager } from '@/lib/ui/Pager.tsx';
import { AdminListingsRemoveDialog } from './AdminListingsRemoveDialog.tsx';
import { BackLink } from '@/lib/ui/BackLink.tsx';

const s = t.adminStaff;
const m = s.userListings;

/**
 * /admin/users/:userId/listings: the user's listings, every state, as cards in their admin
 * context (pause or resume, edit, photos, removal with a reason; never promote or renew).
 */
export default function UsersListingsPage() {
  const { userId = '' } = useParams();
  const viewer = useViewer();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<{ id: string; user_id: string; title: string } | null>(null);
  const user = useQuery(userQuery(userId));
  const listings = useQuery(myListingsQuery(userId, page));
  const data = listings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / MY_LISTINGS_PAGE_SIZE)) : 1;
  const who = user.data ? user.data.display_name || user.data.email : null;


  return (
    <Container size="lg" px="md" py="lg">
      <BackLink to={adminSectionPath('utenti')} label={m.back} />
      <Group justify="space-between" align="baseline" mb="md" gap="xs">
        <Stack gap={2}>
          <Title order={1} size="h2">
            {m.title}
          </Title>
          {who && (
            <Group gap="xs">
              <Text c="gray.7" size="sm">
                {who}
              </Text>
              {user.data && <Badge variant="light" style={BADGE_TEXT}>{s.roles[user.data.role] ?? user.data.role}</Badge>}
            </Group>
          )}
        </Stack>
        {data && data.total > 0 && (
          <Text c="gray.7" size="sm">
            {m.total(data.total)}
          </Text>
        )}
      </Group>
      {listings.isError && !data ? (
        <LoadError error={listings.error} fallback={m.loadFailed} onRetry={() => void listings.refetch()} />
      ) : !data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label={s.common.loading}>
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={360} radius="md" />
          ))}
        </SimpleGrid>
      ) : data.total === 0 ? (
        <Text c="gray.7">{m.empty}</Text>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="user-listings" aria-busy={listings.isPlaceholderData || undefined}>
            {data.rows.map((l, i) => (
              <ListingCard
                key={l.id}
                listing={l}
                priority={i === 0}
                footer={viewer.user && <OwnerCardActions listing={l} context="admin" viewerId={viewer.user.id} onDelete={() => setRemoving(l)} />}
              />
            ))}
          </SimpleGrid>
          {listings.isError && <LoadError error={listings.error} fallback={m.loadFailed} onRetry={() => void listings.refetch()} />}
          <Pager page={page} pages={pages} onChange={setPage} labels={t.adminStaff.common} />
        </>
      )}
      {removing && <AdminListingsRemoveDialog listing={removing} onClose={() => setRemoving(null)} />}
    </Container>
  );
}
