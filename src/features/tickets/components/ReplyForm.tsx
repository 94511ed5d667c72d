import { Button, Group, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useViewer } from '@/features/auth/index.ts';
import { REPLY_MAX, validateReply } from '../model.ts';
import { useReplyTicket } from '../queries.ts';

const m = t.tickets.thread;

/**
 * The reply box under the thread. A reply goes through the outbox: offline it waits in the
 * thread; a refusal (the database refuses replies to a closed ticket in Italian) leaves the text
 * in the box.
 */
export function ReplyForm({ ticketId }: { ticketId: string }) {
  const { user } = useViewer();
  const form = useForm({
    initialValues: { body: '' },
    validate: { body: (value: string) => validateReply(value, m) },
  });
  const reply = useReplyTicket(ticketId, user?.id ?? null);
  const submit = form.onSubmit(({ body }) =>
    reply.mutate({ body }, {
      onSuccess: (outcome) => {
        if (outcome.status === 'refused') return toastError(outcome.message);
        if (outcome.status === 'sent') toastSuccess(m.sent);
        form.reset();
      },
      onError: (err) => toastError(failureMessage(err, m.sendFailed)),
    }),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={m.reply}>
      <Textarea
        label={m.reply}
        placeholder={m.replyPlaceholder}
        autosize
        minRows={2}
        maxRows={8}
        maxLength={REPLY_MAX}
        {...form.getInputProps('body')}
      />
      <Group justify="flex-end" mt="xs">
        <Button type="submit" loading={reply.isPending}>
          {m.send}
        </Button>
      </Group>
    </form>
  );
}
