import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { REPLY_MAX, TICKET_MESSAGE_MIN } from '../model.ts';
import { useFileAppeal } from '../queries.ts';

const m = t.tickets;

/**
 * What the support dialog offers a banned user: one appeal against the ban. The database
 * allows one open appeal and says so in Italian when a second is sent.
 */
export function AppealForm({ onSent, onCancel }: { onSent: () => void; onCancel?: () => void }) {
  const form = useForm({
    initialValues: { message: '' },
    validate: {
      message: (value: string) =>
        value.trim().length < TICKET_MESSAGE_MIN ? m.validation.messageShort : value.trim().length > REPLY_MAX ? m.thread.replyLong : null,
    },
  });
  const appeal = useFileAppeal();
  const submit = form.onSubmit(({ message }) =>
    appeal.mutate(message, {
      onSuccess: () => {
        toastSuccess(m.appeal.sent);
        form.reset();
        onSent();
      },
      onError: (err) => form.setFieldError('message', failureMessage(err, m.appeal.sendFailed)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={m.appeal.title}>
      <Stack gap="sm">
        <Text fw={700}>{m.appeal.title}</Text>
        <Text size="sm">{m.appeal.text}</Text>
        <Textarea
          label={m.appeal.message}
          placeholder={m.appeal.placeholder}
          autosize
          minRows={4}
          maxRows={10}
          required
          {...form.getInputProps('message')}
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {m.dialog.cancel}
            </Button>
          )}
          <Button type="submit" loading={appeal.isPending}>
            {m.appeal.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
