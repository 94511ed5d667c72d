import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Button, Container, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { paths } from '@/lib/paths.ts';
import { useViewer } from '@/features/auth/index.ts';
import { ownProfileQuery } from '@/features/profile/index.ts';
import { dashboardCountsQuery } from '../queries.ts';
import classes from './DashboardPage.module.css';

const m = t.profile.dashboard;
// Below the fold and not needed for the first paint: its own small chunk.
const ReferralCard = lazy(() => import('./ReferralCard.tsx'));

/** A figure that opens its screen: the balance the wallet, the listings and tickets their lists. */
function Figure({ label, value, to }: { label: string; value: number | undefined; to: string }) {
  return (
    <Paper withBorder p="sm" radius="md" component={Link} to={to} className={classes.figure}>
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === undefined ? <Skeleton height={28} mt={4} /> : <Text fz={28} fw={700}>{value}</Text>}
    </Paper>
  );
}

const shortcuts = [
  { to: paths.newListing, label: m.createListing },
  { to: paths.myListings, label: m.myListings },
  { to: paths.buyCredits, label: m.buyCredits },
  { to: paths.creditHistory, label: m.creditHistory },
  { to: paths.myCoupons, label: m.myCoupons },
  { to: paths.myTickets, label: m.myTickets },
  { to: paths.profileSettings, label: m.settings },
];

/** /dashboard: the signed-in home. */
export default function DashboardPage() {
  const { user } = useViewer();
  // Asked again on every visit: listings, credits and tickets change on other screens, whose
  // mutations do not know this screen's keys.
  const profile = useQuery({ ...ownProfileQuery(user), refetchOnMount: 'always' });
  const counts = useQuery({ ...dashboardCountsQuery(user), refetchOnMount: 'always' });
  const failed = profile.isError ? profile : counts.isError ? counts : null;
  const retry = () => {
    if (profile.isError) void profile.refetch();
    if (counts.isError) void counts.refetch();
  };

  const name = profile.data?.display_name || user?.email.split('@')[0] || '';

  return (
    <Container size="md" px="md" py="lg">
      <Title order={1} size="h2">
        {m.title}
      </Title>
      <Text c="dimmed" mb="md">
        {m.welcome(name)}
      </Text>
      {failed ? (
        <LoadError error={failed.error} fallback={m.loadFailed} onRetry={retry} />
      ) : (
        <SimpleGrid cols={{ base: 3 }} spacing="xs" mb="lg" aria-busy={!profile.data || !counts.data}>
          <Figure label={m.credits} value={profile.data?.credits} to={paths.creditHistory} />
          <Figure label={m.listings} value={counts.data?.listings} to={paths.myListings} />
          <Figure label={m.openTickets} value={counts.data?.openTickets} to={paths.myTickets} />
        </SimpleGrid>
      )}
      <Title order={2} size="h4" mb="xs" mt={failed ? 'lg' : undefined}>
        {m.shortcuts}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
        {shortcuts.map((s, i) => (
          <Button
            key={s.to}
            component={Link}
            to={s.to}
            variant={i === 0 ? 'filled' : 'light'}
            h="auto"
            mih={48}
            py={6}
            px="xs"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.2 } }}
          >
            {s.label}
          </Button>
        ))}
      </SimpleGrid>
      {profile.data?.referral_code && (
        <Suspense fallback={null}>
          <ReferralCard code={profile.data.referral_code} />
        </Suspense>
      )}
    </Container>
  );
}
