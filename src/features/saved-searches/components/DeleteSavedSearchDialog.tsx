import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastOutcome } from '@/lib/outbox/submit.ts';
import { toastError } from '@/lib/toast.ts';
import { useViewer } from '@/features/auth/index.ts';
import type { SavedSearch } from '../model.ts';
import { useDeleteSavedSearch } from '../queries.ts';

const d = t.savedSearches.deleteDialog;

/** 'Eliminare la ricerca?': nothing is deleted until confirmed. */
export function DeleteSavedSearchDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const remove = useDeleteSavedSearch(useViewer().user?.id ?? null);
  const confirm = () =>
    remove.mutate(search.id, {
      onSuccess: (outcome) => toastOutcome(outcome, { sent: d.deleted, queued: t.savedSearches.queued }) && onClose(),
      onError: (err) => toastError(failureMessage(err, d.failed)),
    });
  return (
    <Modal opened onClose={() => !remove.isPending && onClose()} title={d.title} centered closeButtonProps={{ 'aria-label': t.savedSearches.close }}>
      <Stack gap="md">
        <Text size="sm">{d.text(search.name)}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {d.cancel}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            {d.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
