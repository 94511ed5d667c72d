import { useNavigate } from 'react-router-dom';
import { Modal } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { paths } from '@/lib/paths.ts';
import { useViewer } from '@/features/auth/index.ts';
import { TICKET_SENT_STATE } from '../model.ts';
import { closeSupportDialog, useSupportDialogStore } from '../store.ts';
import { SupportContent } from './SupportContent.tsx';

/** The 'Assistenza' dialog, opened through openSupportDialog(). */
export function SupportDialog() {
  const navigate = useNavigate();
  const viewer = useViewer();
  const opened = useSupportDialogStore((s) => s.opened);
  const options = useSupportDialogStore((s) => s.options);

  function sent() {
    const callback = options.onSuccess;
    closeSupportDialog();
    if (callback) callback();
    else if (viewer.user) void navigate(paths.myTickets, { state: TICKET_SENT_STATE });
  }

  return (
    <Modal opened={opened} onClose={closeSupportDialog} title={t.tickets.dialog.title} centered closeButtonProps={{ 'aria-label': t.tickets.dialog.close }}>
      <SupportContent
        listingId={options.listingId}
        subject={options.subject}
        onSent={sent}
        onCancel={closeSupportDialog}
        onNavigateAway={closeSupportDialog}
      />
    </Modal>
  );
}
