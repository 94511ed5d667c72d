import { notifications } from '@mantine/notifications';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useStaffRemoveListing } from '../queries.ts';
import { UsersReasonDialog } from './UsersReasonDialog.tsx';

const m = t.adminStaff.listings.remove_;

/** Staff removal of a listing: a reason (told to the owner) and a confirmation, then the files and the row go. */
export function AdminListingsRemoveDialog({ listing, onClose }: { listing: { id: string; user_id: string; title: string }; onClose: () => void }) {
  const remove = useStaffRemoveListing();
  const confirm = (reason: string) =>
    remove.mutate(
      { listing, reason },
      {
        onSuccess: ({ cleanupFailed }) => {
          toastSuccess(m.done);
          if (cleanupFailed) notifications.show({ color: 'yellow', message: t.myListings.delete.cleanupWarning, autoClose: 6000 });
          onClose();
        },
        onError: (err) => toastError(failureMessage(err, m.failed)),
      },
    );
  return (
    <UsersReasonDialog
      opened
      title={m.title}
      text={m.text(listing.title)}
      placeholder={m.reasonPlaceholder}
      confirm={m.confirm}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
