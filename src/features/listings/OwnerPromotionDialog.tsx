import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/screens.ts';
import { formatDateTime } from '@/lib/dates.ts';
import { promoteListingPath } from '@/lib/paths.ts';
import type { Listing } from './model.ts';

const m = t.myListings.promotion;

/** 'Promozione Attiva' / 'Promozione In Attesa': the running promotion, 'Chiudi' and 'Estendi' (same package). */
export function OwnerPromotionDialog({
  listing,
  state,
  opened,
  onClose,
}: {
  listing: Pick<Listing, 'id' | 'promotion_mode' | 'promotion_start_at' | 'promotion_end_at'>;
  state: 'active' | 'pending';
  opened: boolean;
  onClose: () => void;
}) {
  const mode = listing.promotion_mode ?? null;
  return (
    <Modal opened={opened} onClose={onClose} title={state === 'active' ? m.activeTitle : m.pendingTitle} centered closeButtonProps={{ 'aria-label': t.myListings.close }}>
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
        <Group justify="flex-end" gap="xs" mt="xs">
          <Button variant="default" onClick={onClose}>
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
