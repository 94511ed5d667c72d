import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useDeleteListing } from '../queries.ts';

const m = t.myListings.delete;

/** 'Sei assolutamente sicuro?', then the listing goes (its photos with it). */
export function OwnerDeleteDialog({
  listing,
  opened,
  onClose,
}: {
  listing: { id: string };
  opened: boolean;
  onClose: () => void;
}) {
  const remove = useDeleteListing();
  const confirm = () =>
    // mutateAsync, not mutate's callbacks: the refetch after it removes the card and this dialog,
    // and TanStack Query skips mutate's callbacks once their component is gone.
    remove.mutateAsync(listing.id).then(
      () => {
        toastSuccess(m.deleted);
        onClose();
      },
      (err: unknown) => toastError(failureMessage(err, m.failed)),
    );
  return (
    <Modal opened={opened} onClose={() => !remove.isPending && onClose()} title={m.title} centered closeButtonProps={{ 'aria-label': t.myListings.close }}>
      <Stack gap="md">
        <Text size="sm">{m.text}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            {m.cancel}
          </Button>
          <Button color="red" loading={remove.isPending} onClick={confirm}>
            {m.confirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
