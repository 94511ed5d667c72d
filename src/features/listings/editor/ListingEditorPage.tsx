import { useEffect, useState } from 'react';
import { Container, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { useViewer } from '@/features/auth/index.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { LoadError } from '@/lib/LoadError.tsx';
import { draftKey, loadDraft, type ListingDraft } from './draftStore.ts';
import { ListingEditorForm } from './ListingEditorForm.tsx';
import { OwnListingNotFound } from '../owner/OwnListingNotFound.tsx';
import { ownListingQuery } from '../queries.ts';

const m = t.listingEditor;

/** The user's draft of a listing, once IndexedDB has answered (undefined until then). */
function useDraft(key: string | null): ListingDraft | null | undefined {
  const [draft, setDraft] = useState<{ key: string; value: ListingDraft | null }>();
  useEffect(() => {
    if (!key) return;
    let live = true;
    void loadDraft(key).then((value) => live && setDraft({ key, value }));
    return () => {
      live = false;
    };
  }, [key]);
  return draft && draft.key === key ? draft.value : undefined;
}

function Waiting() {
  return (
    <Stack align="center" py="xl" role="status" mih="60dvh">
      <Loader aria-hidden />
      <Text size="sm">{m.loading}</Text>
    </Stack>
  );
}

/** /new-listing and /edit-listing/:id (only the caller's own listing; anyone else's is not found). */
export default function ListingEditorPage() {
  const { id } = useParams<{ id: string }>();
  const { user } = useViewer();
  const userId = user?.id;
  const draft = useDraft(userId ? draftKey(userId, id ?? null) : null);
  const own = useQuery({ ...ownListingQuery(userId, id ?? ''), enabled: !!id && !!userId });
  if (!userId || draft === undefined) return <Waiting />;
  if (!id) return <ListingEditorForm key="new" userId={userId} draft={draft} />;
  if (own.isPending) return <Waiting />;
  if (own.isError) {
    return (
      <Container size={640} px="sm" py="lg">
        <LoadError error={own.error} fallback={m.loadFailed} onRetry={() => void own.refetch()} />
      </Container>
    );
  }
  if (!own.data) return <OwnListingNotFound />;
  return <ListingEditorForm key={id} userId={userId} listing={own.data} draft={draft} />;
}
