import { useState } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '@/lib/ui/ConfirmDialog.tsx';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { promoteListingPath } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import type { Listing } from '../model.ts';
import { useCancelScheduledPromotion } from '../queries.ts';

const m = t.myListings.promotion;

/**
 * 'Promozione Attiva' / 'Promozione In Attesa': the running promotion, 'Chiudi' and 'Estendi'
 * (same package); a scheduled one can be cancelled before its start, after a confirmation
 * that says what is refunded.
 */
export function OwnerPromotionDialog({
  listing,
  state,
  opened,
  onClose,
}: {
  listing: Pick<Listing, 'id' | 'promotion_mode' | 'promotion_start_at' | 'promotion_end_at' | 'promotion_credits_paid'>;
  state: 'active' | 'pending';
  opened: boolean;
  onClose: () => void;
}) {
  const mode = listing.promotion_mode ?? null;
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelScheduledPromotion();
  const close = () => {
    setConfirming(false);
    onClose();
  };
  const confirmCancel = () =>
    cancel.mutate(listing.id, {
      onSuccess: (refunded) => {
        toastSuccess(m.cancelled(refunded));
        close();
      },
      onError: (err) => toastError(failureMessage(err, m.cancelFailed)),
    });

  if (confirming) {
    return (
      <ConfirmDialog
        opened={opened}
        title={m.cancelTitle}
        cancelLabel={m.cancelKeep}
        confirmLabel={m.cancelConfirm}
        closeLabel={t.myListings.close}
        pending={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setConfirming(false)}
        onClose={close}
      >
        {m.cancelText(listing.promotion_credits_paid ?? 0)}
      </ConfirmDialog>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={state === 'active' ? m.activeTitle : m.pendingTitle} centered closeButtonProps={{ 'aria-label': t.myListings.close }}>
      <Stack gap="xs">
        <Text size="sm">{state === 'active' ? m.activeText : m.pendingText}</Text>
        <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', fontSize: 'var(--mantine-font-size-sm)' }}>
          {mode && (
            <>
              <dt style={{ fontWeight: 600 }}>{m.mode}</dt>
              <dd style={{ margin: 0 }}>{m.modes[mode] ?? mode}</dd>
            </>
          )}
          {listing.promotion_start_at && (
            <>
              <dt style={{ fontWeight: 600 }}>{m.start}</dt>
              <dd style={{ margin: 0 }}>{formatDateTime(listing.promotion_start_at)}</dd>
            </>
          )}
          {listing.promotion_end_at && (
            <>
              <dt style={{ fontWeight: 600 }}>{m.end}</dt>
              <dd style={{ margin: 0 }}>{formatDateTime(listing.promotion_end_at)}</dd>
            </>
          )}
        </dl>
        <Group justify="flex-end" gap="xs" mt="xs" wrap="wrap">
          {state === 'pending' && (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              {m.cancel}
            </Button>
          )}
          <Button variant="default" onClick={close}>
            {m.close}
          </Button>
          <Button component={Link} to={promoteListingPath(listing.id, mode)}>
            {m.extend}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
