import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from '@/lib/router/index.ts';
import { t } from '@/lib/catalogue/index.ts';
import { ListingGrid } from './ListingGrid.tsx';
import { ListingSkeleton } from './ListingSkeleton.tsx';
import { LoadMore } from './LoadMore.tsx';
import { HOME_KEY } from './prefetch.ts';
import { useListingPages } from './useListingPages.ts';
import { paths } from '@/lib/paths.ts';

const NO_FILTERS = {};

/** '/': promoted listings ('Hot') first, then the newest, 20 at a time. */
export default function HomePage() {
  const h = t.listings.home;
  const { rows, next, status, loadingMore, loadMore, reload } = useListingPages(NO_FILTERS, HOME_KEY);
  const hot = rows.filter((r) => r.promoted);
  const rest = rows.filter((r) => !r.promoted);
  return (
    <Container size="lg" px="sm" py="md">
      <Group justify="space-between" align="flex-end" mb="md" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0, flex: 1 }}>
          <Title order={1} size="h2">
            {h.title}
          </Title>
          <Text size="sm" c="dimmed">
            {h.subtitle}
          </Text>
        </div>
        <Button component={Link} to={paths.search} variant="light" size="sm" style={{ flexShrink: 0 }}>
          {h.searchCta}
        </Button>
      </Group>
      {status === 'loading' && <ListingSkeleton label={t.search.loading} heading />}
      {(status === 'error' || status === 'offline') && (
        <Alert color={status === 'offline' ? 'yellow' : 'red'} title={status === 'offline' ? t.search.offline : h.loadError}>
          <Button size="xs" variant="white" onClick={reload}>
            {h.retry}
          </Button>
        </Alert>
      )}
      {status === 'ready' && rows.length === 0 && <Text ta="center" py="xl">{h.empty}</Text>}
      <Stack gap="lg">
        {hot.length > 0 && (
          <section aria-labelledby="home-hot">
            <Title order={2} size="h3" id="home-hot" mb="sm">
              {h.hot}
            </Title>
            <ListingGrid listings={hot} priorityFirst />
          </section>
        )}
        {rest.length > 0 && (
          <section aria-labelledby="home-newest">
            <Title order={2} size="h3" id="home-newest" mb="sm">
              {h.newest}
            </Title>
            <ListingGrid listings={rest} priorityFirst={hot.length === 0} />
          </section>
        )}
      </Stack>
      {next && <LoadMore label={h.loadMore} onLoad={loadMore} loading={loadingMore} />}
    </Container>
  );
}
