import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Button, Container, Skeleton, Stack, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { paths } from '@/lib/paths.ts';
import { useViewer } from '@/features/auth/index.ts';
import { withQueued, type SavedSearch } from '../model.ts';
import { savedSearchesQuery, useQueuedSavedSearches } from '../queries.ts';
import { DeleteSavedSearchDialog } from './DeleteSavedSearchDialog.tsx';
import { RenameSavedSearchDialog } from './RenameSavedSearchDialog.tsx';
import { SavedSearchCard } from './SavedSearchCard.tsx';

const s = t.savedSearches;

/** /ricerche-salvate: the viewer's saved searches; open, rename, change the alert, delete. */
export default function SavedSearchesPage() {
  const { user } = useViewer();
  const list = useQuery(savedSearchesQuery(user));
  // Changes made offline show as done while they wait in the outbox.
  const queued = useQueuedSavedSearches(user?.id);
  const searches = list.data && withQueued(list.data, queued);
  const [renaming, setRenaming] = useState<SavedSearch | null>(null);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  return (
    <Container size="sm" px="md" py="lg">
      <Title order={1} size="h2" mb="xs">
        {s.title}
      </Title>
      <Text size="sm" c="gray.7" mb="md">
        {s.intro}
      </Text>
      {list.isError ? (
        <LoadError error={list.error} fallback={s.loadFailed} onRetry={() => void list.refetch()} />
      ) : !searches ? (
        <Stack gap="sm" aria-busy="true">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={170} radius="md" />
          ))}
        </Stack>
      ) : searches.length === 0 ? (
        <Stack align="center" py="lg" gap="sm">
          <Text ta="center">{s.empty}</Text>
          <Button component={Link} to={paths.search} variant="light">
            {s.toSearch}
          </Button>
        </Stack>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {searches.map((search) => (
            <SavedSearchCard key={search.id} search={search} onRename={() => setRenaming(search)} onDelete={() => setDeleting(search)} />
          ))}
        </Stack>
      )}
      {renaming && <RenameSavedSearchDialog search={renaming} onClose={() => setRenaming(null)} />}
      {deleting && <DeleteSavedSearchDialog search={deleting} onClose={() => setDeleting(null)} />}
    </Container>
  );
}
