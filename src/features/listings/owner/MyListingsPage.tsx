import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { Pager } from '@/lib/ui/Pager.tsx';
import { LoadError } from '@/lib/LoadError.tsx';
import { MY_LISTINGS_FOCUS_PARAM, paths } from '@/lib/paths.ts';
import { useViewer } from '@/features/auth/index.ts';
import { MY_LISTINGS_PAGE_SIZE } from '../api.ts';
import { ListingCard } from '../card/ListingCard.tsx';
import { OwnerCardActions } from './OwnerCardActions.tsx';
import { myListingPageQuery, myListingsQuery } from '../queries.ts';
import { BackLink } from '@/lib/ui/BackLink.tsx';

const m = t.myListings.page;

/** The page number of `?page=`, 1 when missing or not a positive integer. */
const pageOf = (raw: string | null) => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : 1;
};

/** 'I tuoi annunci': the signed-in user's listings, 10 a page, with the owner's actions. */
export default function MyListingsPage() {
  const { user } = useViewer();
  const [params, setParams] = useSearchParams();
  // Opened on one listing (after buying its promotion): the page that has it, then its card in view.
  const focus = params.get(MY_LISTINGS_FOCUS_PARAM);
  const focusPage = useQuery(myListingPageQuery(user?.id, focus));
  const page = focus ? (focusPage.data ?? 1) : pageOf(params.get('page'));
  const listings = useQuery(myListingsQuery(focus && focusPage.isPending ? undefined : user?.id, page));
  const data = listings.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / MY_LISTINGS_PAGE_SIZE)) : 1;
  const goTo = (next: number) => {
    setParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo({ top: 0 });
  };

  const focusShown = !!focus && !!data && !listings.isPlaceholderData && !focusPage.isPending;
  useEffect(() => {
    if (!focusShown) return;
    const card = document.getElementById(`listing-title-${focus}`)?.closest('article');
    card?.scrollIntoView({ block: 'start' });
    // Again on the next frame: the cards above are laid out only once near the screen
    // (content-visibility), which moves it from where the first scroll left it.
    requestAnimationFrame(() => card?.scrollIntoView({ block: 'start' }));
    // Once: the address becomes the page's own, so Back or a reload do not jump to it again.
    setParams(page === 1 ? {} : { page: String(page) }, { replace: true });
  }, [focusShown, focus, page, setParams]);

  // Deleting the last listing of the last page leaves that page empty: show the one before.
  const beyond = !!data && !listings.isPlaceholderData && page > pages;
  useEffect(() => {
    if (beyond) setParams(pages === 1 ? {} : { page: String(pages) }, { replace: true });
  }, [beyond, pages, setParams]);

  return (
    <Container size="lg" px="md" py="lg">
      <BackLink fallback={paths.dashboard} />
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={1} size="h2">
          {m.title}
        </Title>
        {data && data.total > 0 && (
          <Text c="gray.7" size="sm" data-testid="my-listings-total">
            {m.total(data.total)}
          </Text>
        )}
      </Group>
      {listings.isError && !data ? (
        <LoadError error={listings.error} fallback={m.loadFailed} onRetry={() => void listings.refetch()} />
      ) : !data ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-busy="true" aria-label={m.loading}>
          {Array.from({ length: 3 }, (_, i) => (
            <Stack key={i} gap="xs" data-testid="my-listings-skeleton">
              <Skeleton height={300} radius="md" />
              <Skeleton height={20} width="70%" />
              <Skeleton height={14} />
              <Skeleton height={28} width="90%" />
            </Stack>
          ))}
        </SimpleGrid>
      ) : data.total === 0 ? (
        <Stack align="center" py="xl" gap="sm" data-testid="my-listings-empty">
          <Text ta="center">{m.empty}</Text>
          <Button component={Link} to={paths.newListing}>
            {m.createFirst}
          </Button>
          <Button component={Link} to={paths.dashboard} variant="light">
            {m.toDashboard}
          </Button>
        </Stack>
      ) : (
        <>
          <SimpleGrid
            cols={{ base: 1, sm: 2, lg: 3 }}
            spacing="md"
            data-testid="my-listings"
            style={{ opacity: listings.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
            aria-busy={listings.isPlaceholderData || undefined}
          >
            {data.rows.map((l, i) => (
              <ListingCard
                key={l.id}
                listing={l}
                priority={i === 0}
                footer={user && <OwnerCardActions listing={l} context="myListings" viewerId={user.id} />}
              />
            ))}
          </SimpleGrid>
          {listings.isError && <LoadError error={listings.error} fallback={m.loadFailed} onRetry={() => void listings.refetch()} />}
          <Pager page={page} pages={pages} onChange={goTo} labels={m} />
        </>
      )}
    </Container>
  );
}
