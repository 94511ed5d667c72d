import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useStaffRemoveListing } from '../queries.ts';
import { UsersReasonDialog } from './UsersReasonDialog.tsx';

const m = t.adminStaff.listings.remove_;

/** Staff removal of a listing: a reason (told to the owner) and a confirmation, then the listing goes (its photos with it). */
export function AdminListingsRemoveDialog({ listing, onClose }: { listing: { id: string; title: string }; onClose: () => void }) {
  const remove = useStaffRemoveListing();
  const confirm = (reason: string) =>
    remove.mutate(
      { listingId: listing.id, reason },
      {
        onSuccess: () => {
          toastSuccess(m.done);
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
