import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams } from 'react-router-dom';
import { Alert, Button, Center, Container, Loader } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { paths } from '@/lib/paths.ts';
import { searchUrl } from '../model.ts';
import { savedSearchQuery } from '../queries.ts';

const s = t.savedSearches;

/** /ricerche-salvate/:id (an alert's link): opens /search with the saved filters. */
export default function OpenSavedSearch() {
  const { id = '' } = useParams();
  const search = useQuery(savedSearchQuery(id));
  if (search.isError) {
    return (
      <Container size="sm" py="lg">
        <LoadError error={search.error} fallback={s.loadFailed} onRetry={() => void search.refetch()} />
      </Container>
    );
  }
  if (search.data === undefined) {
    return (
      <Center py="xl">
        <Loader aria-label={s.title} />
      </Center>
    );
  }
  if (search.data) return <Navigate to={searchUrl(search.data.filters)} replace />;
  return (
    <Container size="sm" py="lg">
      <Alert color="yellow" title={s.missing}>
        <Button component={Link} to={paths.savedSearches} variant="white" size="xs" mt="xs">
          {s.title}
        </Button>
      </Alert>
    </Container>
  );
}
