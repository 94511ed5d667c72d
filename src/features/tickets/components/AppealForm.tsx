import { Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { toastSuccess } from '@/lib/toast.ts';
import { validateFirstMessage } from '../model.ts';
import { useFileAppeal } from '../queries.ts';
import { TicketFormActions } from './TicketFormActions.tsx';

const m = t.tickets;

/**
 * What the support dialog offers a banned user: one appeal against the ban. The database
 * allows one open appeal and says so in Italian when a second is sent.
 */
export function AppealForm({ onSent, onCancel }: { onSent: () => void; onCancel?: () => void }) {
  const form = useForm({
    initialValues: { message: '' },
    validate: {
      message: (value: string) => validateFirstMessage(value, { messageShort: m.validation.messageShort, replyLong: m.thread.replyLong }),
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
        <TicketFormActions submitLabel={m.appeal.submit} pending={appeal.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
