import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Button, Card, Chip, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { BADGE_TEXT } from './UsersBadgeText.ts';
import { formatDate } from '@/lib/dates.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { adminUserListingsPath, listingPath } from '@/lib/paths.ts';
import { useNow } from '@/lib/useNow.ts';
import { ADMIN_LISTINGS_PAGE_SIZE, type AdminListingRow } from '../api.ts';
import { LISTING_STATE_COLOR, LISTING_STATE_FILTERS, listingStateOf, type ListingStateFilter } from '../listings/model.ts';
import { adminListingsQuery } from '../queries.ts';
import { Pager } from '@/lib/ui/Pager.tsx';
import { UsersSearchForm } from './UsersSearchForm.tsx';
import { AdminListingsRemoveDialog } from './AdminListingsRemoveDialog.tsx';

const s = t.adminStaff;
const m = s.listings;

/**
 * Annunci: every listing, paused, expired, waiting for review and refused too, by title or city
 * and state; removal with a reason for the owner.
 */
export default function AdminListingsSection() {
  const [query, setQuery] = useState('');
  const [state, setState] = useState<ListingStateFilter>('all');
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<AdminListingRow | null>(null);
  const listings = useQuery(adminListingsQuery(query, state, page));
  const data = listings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_LISTINGS_PAGE_SIZE)) : 1;
  const now = useNow();

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
      {/* Six states do not fit one row at 360 px: chips that wrap, one radio group. */}
      <Chip.Group
        multiple={false}
        value={state}
        onChange={(v) => {
          setState(v);
          setPage(1);
        }}
      >
        <Group gap={6} role="radiogroup" aria-label={m.state} data-testid="listing-state-filter">
          {LISTING_STATE_FILTERS.map((v) => (
            <Chip key={v} value={v} size="sm" variant="outline">
              {m.states[v]}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {listings.isError && !data ? (
        <LoadError error={listings.error} fallback={m.loadFailed} onRetry={() => void listings.refetch()} />
      ) : !data ? (
        <Stack gap="sm" aria-busy="true" aria-label={s.common.loading}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={88} radius="md" />
          ))}
        </Stack>
      ) : data.rows.length === 0 ? (
        <Text c="gray.7">{m.empty}</Text>
      ) : (
        <>
          <Text size="sm" c="gray.7">
            {s.common.total(data.total)}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" data-testid="admin-listings" aria-busy={listings.isPlaceholderData || undefined}>
            {data.rows.map((l) => {
              const st = listingStateOf(l, now);
              return (
                <Card key={l.id} withBorder padding="sm" radius="md" component="article" aria-label={l.title} data-testid="admin-listing">
                  <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Anchor component={Link} to={listingPath(l.id)} fw={600} lineClamp={2}>
                        {l.title}
                      </Anchor>
                      <Text size="sm" c="gray.7">
                        {l.city} · {l.owner?.email ? m.owner(l.owner.email) : ''}
                      </Text>
                      <Text size="xs" c="gray.7">
                        {st === 'expired' ? m.expired(formatDate(l.expires_at)) : m.expires(formatDate(l.expires_at))}
                      </Text>
                    </Stack>
                    <Badge color={LISTING_STATE_COLOR[st]} variant="light" style={BADGE_TEXT} data-testid="admin-listing-state">
                      {m.states[st]}
                    </Badge>
                  </Group>
                  <Group gap="xs" mt="sm">
                    <Button size="compact-sm" variant="light" component={Link} to={adminUserListingsPath(l.user_id)}>
                      {m.ownerListings}
                    </Button>
                    <Button size="compact-sm" variant="light" color="red" onClick={() => setRemoving(l)}>
                      {m.remove}
                    </Button>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
          {listings.isError && <LoadError error={listings.error} fallback={m.loadFailed} onRetry={() => void listings.refetch()} />}
          <Pager page={page} pages={pages} onChange={setPage} labels={t.adminStaff.common} />
        </>
      )}
      {removing && <AdminListingsRemoveDialog listing={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}
