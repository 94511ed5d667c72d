import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { t } from '@/lib/catalogue/screens.ts';
import { reasonError } from '../users/model.ts';

const c = t.adminStaff.common;

/** A confirmation that asks for a reason (ban, unban, listing removal): nothing happens until it is given and confirmed. */
export function UsersReasonDialog({
  opened,
  title,
  text,
  placeholder,
  confirm,
  pending,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  text: string;
  placeholder: string;
  confirm: string;
  pending: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const form = useForm({ initialValues: { reason: '' }, validate: { reason: (v) => reasonError(v, c.reasonRequired) } });
  const close = () => {
    if (pending) return;
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title} centered closeButtonProps={{ 'aria-label': c.close }}>
      <form noValidate onSubmit={form.onSubmit(({ reason }) => onConfirm(reason.trim()))}>
        <Stack gap="md">
          <Text size="sm">{text}</Text>
          <Textarea label={c.reason} placeholder={placeholder} required autosize minRows={2} maxLength={500} data-autofocus {...form.getInputProps('reason')} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={pending}>
              {c.cancel}
            </Button>
            <Button type="submit" color="red" loading={pending}>
              {confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
