import { ConfirmDialog } from '@/lib/ui/ConfirmDialog.tsx';
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
    <ConfirmDialog
      opened
      title={d.title}
      cancelLabel={d.cancel}
      confirmLabel={d.confirm}
      closeLabel={t.savedSearches.close}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {d.text(search.name)}
    </ConfirmDialog>
  );
}
