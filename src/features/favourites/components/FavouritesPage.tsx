import { useEffect, useState } from 'react';
import { Link } from '@/lib/router/index.ts';
import { Alert, Anchor, Button, Container, SimpleGrid, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { paths } from '@/lib/paths.ts';
import { authPath, useSessionStore } from '@/features/auth/index.ts';
import { sortedFavourites } from '../model.ts';
import { useFavouritesStore } from '../store.ts';
import { FavouriteCard } from './FavouriteCard.tsx';

const f = t.favouritesScreen;

/** /preferiti: what this device keeps, offline too (the app's offline banner says so); each state asked again when online. */
export default function FavouritesPage() {
  const data = useFavouritesStore();
  const userId = useSessionStore((s) => s.user?.id ?? null);
  const [online, setOnline] = useState(() => navigator.onLine);
  const items = sortedFavourites(data);

  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);

  useEffect(() => {
    if (online) void import('../sync.ts').then((m) => m.syncFavourites(userId)).catch(() => undefined);
  }, [online, userId]);

  return (
    <Container size="lg" px="sm" py="md">
      <Title order={1} size="h2">
        {f.title}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {userId ? f.intro : f.introSignedOut}{' '}
        {!userId && (
          <Anchor component={Link} to={authPath('login', paths.favourites)} underline="always">
            {f.login}
          </Anchor>
        )}
      </Text>
      {items.length === 0 ? (
        <Alert color="gray" variant="light">
          <Text mb="sm">{f.empty}</Text>
          <Button component={Link} to={paths.search} size="sm">
            {f.browse}
          </Button>
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {items.map((item) => (
            <FavouriteCard key={item.id} item={item} />
          ))}
        </SimpleGrid>
      )}
    </Container>
  );
}
