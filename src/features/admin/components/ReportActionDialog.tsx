import { useForm } from '@mantine/form';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';

const m = t.admin.reports;

/**
 * Archivia (an optional note) or Rimuovi annuncio (a mandatory reason, which the owner
 * receives): one dialog, the text it asks for told by `kind`.
 */
export function ReportActionDialog({
  kind,
  listingTitle,
  pending,
  onConfirm,
  onClose,
}: {
  kind: 'dismiss' | 'remove' | null;
  listingTitle: string;
  pending: boolean;
  onConfirm: (text: string) => void;
  onClose: () => void;
}) {
  const remove = kind === 'remove';
  const form = useForm({
    initialValues: { text: '' },
    validate: { text: (v) => (remove && !v.trim() ? m.removeReasonRequired : null) },
  });
  const close = () => {
    if (pending) return;
    form.reset();
    onClose();
  };
  return (
    <Modal opened={kind !== null} onClose={close} title={remove ? m.removeTitle : m.dismissTitle} centered closeButtonProps={{ 'aria-label': m.cancel }}>
      <form onSubmit={form.onSubmit(({ text }) => onConfirm(text.trim()))} noValidate>
        <Stack gap="sm">
          <Text size="sm">{remove ? m.removeText(listingTitle) : m.dismissText}</Text>
          <Textarea label={remove ? m.removeReason : m.note} autosize minRows={2} maxLength={500} withAsterisk={remove} data-autofocus {...form.getInputProps('text')} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={pending}>
              {m.cancel}
            </Button>
            <Button type="submit" color={remove ? 'red' : undefined} loading={pending}>
              {remove ? m.confirmRemove : m.confirmDismiss}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
