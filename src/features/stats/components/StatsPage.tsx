import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router-dom';
import { Alert, Button, Container, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { useDocumentTitle } from '@/lib/documentTitle.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { paths } from '@/lib/paths.ts';
import { useViewer } from '@/features/auth/index.ts';
import { OwnListingNotFound } from '@/features/listings/signed-in.ts';
import { fillDays, isEmpty, promotedRuns, romeIsoDay, totals, windowStart, type Totals } from '../model.ts';
import { listingStatsQuery } from '../queries.ts';
import { StatsChart } from './StatsChart.tsx';

const s = t.stats;

function TotalsCard({ heading, sum, testId }: { heading: string; sum: Totals; testId: string }) {
  const rows: [string, number, string?][] = [
    [s.views, sum.views],
    [s.contacts, sum.contacts, s.contactsDetail(sum.calls, sum.whatsapp)],
    [s.favourites, sum.favourites],
    [s.impressions, sum.impressions],
  ];
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={heading} data-testid={testId}>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600} mb={6}>
        {heading}
      </Text>
      <Stack gap={6} component="dl" m={0}>
        {rows.map(([label, value, detail]) => (
          <div key={label}>
            <Text component="dt" size="xs" c="gray.7">
              {label}
            </Text>
            <Text component="dd" m={0} fz={22} fw={700} lh={1.2} data-testid={`${testId}-${label}`}>
              {value.toLocaleString('it-IT')}
            </Text>
            {detail && (
              <Text component="dd" m={0} size="xs" c="gray.7">
                {detail}
              </Text>
            )}
          </div>
        ))}
      </Stack>
    </Paper>
  );
}

/** '/statistiche/:id': a listing's totals for 7 and 30 days and its 30-day chart, for its owner and staff. */
export default function StatsPage() {
  const { id = '' } = useParams();
  const { user, staff } = useViewer();
  useDocumentTitle(s.documentTitle);
  // The Italian day the screen opened on: the window does not move while it is open.
  const [today] = useState(() => romeIsoDay(new Date()));
  const query = useQuery(listingStatsQuery(user, id, windowStart(today)));
  const data = query.data;

  if (query.isError) {
    return (
      <Container size="sm" px="sm" py="lg">
        <Title order={1} size="h2" mb="md">
          {s.title}
        </Title>
        <LoadError error={query.error} fallback={s.loadFailed} onRetry={() => void query.refetch()} />
      </Container>
    );
  }
  if (!data) {
    return (
      <Container size="sm" px="sm" py="lg" aria-busy="true" aria-label={s.loading}>
        <Skeleton height={30} width={180} mb="md" />
        <SimpleGrid cols={2} spacing="sm" mb="md">
          <Skeleton height={220} />
          <Skeleton height={220} />
        </SimpleGrid>
        <Skeleton height={170} />
      </Container>
    );
  }
  const { listing } = data;
  if (!listing || !user || (listing.user_id !== user.id && !staff)) return <OwnListingNotFound />;

  const days = fillDays(data.rows, today);
  const promoted = promotedRuns(days, listing.is_premium ? { start: listing.promotion_start_at, end: listing.promotion_end_at } : null, today);

  return (
    <Container size="sm" px="sm" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {s.title}
          </Title>
          <Text c="gray.7" size="sm" lineClamp={2}>
            {s.of(listing.title)}
          </Text>
        </div>
        <SimpleGrid cols={2} spacing="sm">
          <TotalsCard heading={s.last7} sum={totals(days, 7)} testId="stats-7" />
          <TotalsCard heading={s.last30} sum={totals(days, 30)} testId="stats-30" />
        </SimpleGrid>
        {isEmpty(days) ? (
          <Alert color="blue" variant="light" data-testid="stats-empty">
            {s.empty}
          </Alert>
        ) : (
          <Paper withBorder radius="md" p={{ base: 'xs', xs: 'sm' }}>
            <Title order={2} size="h5" mb={6}>
              {s.chartTitle}
            </Title>
            <StatsChart days={days} promoted={promoted} />
          </Paper>
        )}
        <Text size="xs" c="gray.7">
          {s.howWeCount}
        </Text>
        <Button component={Link} to={paths.myListings} variant="light" style={{ alignSelf: 'flex-start' }}>
          {s.back}
        </Button>
      </Stack>
    </Container>
  );
}
