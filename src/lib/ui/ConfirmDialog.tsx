import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  closeLabel: string;
  /** The confirmed action is running: both buttons and the close wait for it. */
  pending: boolean;
  onConfirm: () => void;
  /** 'Annulla' and the close; by default onClose. */
  onCancel?: () => void;
  onClose: () => void;
}

/** A destructive action asked once more: what it does, 'Annulla' and the red confirmation. */
export function ConfirmDialog({ opened, title, children, cancelLabel, confirmLabel, closeLabel, pending, onConfirm, onCancel, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered closeButtonProps={{ 'aria-label': closeLabel }}>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel ?? onClose} disabled={pending}>
            {cancelLabel}
          </Button>
          <Button color="red" loading={pending} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
