import { ConfirmDialog } from '@/lib/ui/ConfirmDialog.tsx';
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
    <ConfirmDialog
      opened={opened}
      title={m.title}
      cancelLabel={m.cancel}
      confirmLabel={m.confirm}
      closeLabel={t.myListings.close}
      pending={remove.isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {m.text}
    </ConfirmDialog>
  );
}
