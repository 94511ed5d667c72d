import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastOutcome } from '@/lib/outbox/submit.ts';
import { toastError } from '@/lib/toast.ts';
import { useViewer } from '@/features/auth/index.ts';
import { NAME_MAX, type SavedSearch } from '../model.ts';
import { useUpdateSavedSearch } from '../queries.ts';

const s = t.savedSearches;

/** 'Rinomina ricerca': a new name, 1 to 80 characters. */
export function RenameSavedSearchDialog({ search, onClose }: { search: SavedSearch; onClose: () => void }) {
  const update = useUpdateSavedSearch(useViewer().user?.id ?? null);
  const form = useForm({ initialValues: { name: search.name }, validate: { name: (v) => (v.trim() ? null : s.save.nameRequired) } });
  const close = () => !update.isPending && onClose();
  return (
    <Modal opened onClose={close} title={s.renameDialog.title} centered closeButtonProps={{ 'aria-label': s.close }}>
      <form
        noValidate
        onSubmit={form.onSubmit(({ name }) =>
          update.mutate(
            { id: search.id, name: name.trim() },
            {
              onSuccess: (outcome) => toastOutcome(outcome, { sent: s.renameDialog.renamed, queued: s.queued }) && onClose(),
              onError: (err) => toastError(failureMessage(err, s.renameDialog.failed)),
            },
          ),
        )}
      >
        <Stack gap="md">
          <TextInput label={s.save.name} required maxLength={NAME_MAX} data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={update.isPending}>
              {s.renameDialog.cancel}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {s.renameDialog.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
