import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button, Container, Paper, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { useViewer } from '@/features/auth/index.ts';
import { fetchDashboard, type DashboardFigures } from '../api.ts';

const m = t.profile.dashboard;

function Figure({ label, value }: { label: string; value: number | null }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="gray.7" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value === null ? <Skeleton height={28} mt={4} /> : <Text fz={28} fw={700}>{value}</Text>}
    </Paper>
  );
}

const shortcuts = [
  { to: '/new-listing', label: m.createListing },
  { to: '/my-listings', label: m.myListings },
  { to: '/buy-credits', label: m.buyCredits },
  { to: '/credit-history', label: m.creditHistory },
  { to: '/my-coupons', label: m.myCoupons },
  { to: '/my-tickets', label: m.myTickets },
  { to: '/profile-settings', label: m.settings },
];

/** /dashboard: the signed-in home. */
export default function DashboardPage() {
  const { user } = useViewer();
  const [figures, setFigures] = useState<DashboardFigures | null>(null);

  useEffect(() => {
    if (!user) return;
    fetchDashboard(user)
      .then(setFigures)
      .catch(() => setFigures({ credits: 0, displayName: null, listings: 0, openTickets: 0 }));
  }, [user]);

  const name = figures?.displayName || user?.email.split('@')[0] || '';

  return (
    <Container size="md" px="md" py="lg">
      <Title order={1} size="h2">
        {m.title}
      </Title>
      <Text c="dimmed" mb="md">
        {m.welcome(name)}
      </Text>
      <SimpleGrid cols={{ base: 3 }} spacing="xs" mb="lg">
        <Figure label={m.credits} value={figures?.credits ?? null} />
        <Figure label={m.listings} value={figures?.listings ?? null} />
        <Figure label={m.openTickets} value={figures?.openTickets ?? null} />
      </SimpleGrid>
      <Title order={2} size="h4" mb="xs">
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
    </Container>
  );
}
