import { Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { toastOutcome } from '@/lib/outbox/submit.ts';
import { toastError } from '@/lib/toast.ts';
import { useViewer } from '@/features/auth/index.ts';
import { validateTicketForm, type TicketFormValues } from '../model.ts';
import { useCreateTicket } from '../queries.ts';
import { TicketFormActions } from './TicketFormActions.tsx';

const m = t.tickets;

/**
 * The account's e-mail (shown, read-only: the server files the ticket under it) and the
 * message; sends create-ticket with the default subject, through the outbox: offline the ticket
 * waits (listed so in 'I miei ticket'); a refusal keeps the form.
 */
export function SupportForm({
  defaultEmail,
  listingId = null,
  subject = m.defaultSubject,
  onSent,
  onCancel,
}: {
  defaultEmail: string;
  listingId?: string | null;
  subject?: string;
  onSent: () => void;
  onCancel?: () => void;
}) {
  const form = useForm<TicketFormValues>({
    initialValues: { email: defaultEmail, message: '' },
    validate: (values) => validateTicketForm(values, m.validation),
  });
  const { user } = useViewer();
  const send = useCreateTicket(user?.id ?? null);

  const submit = form.onSubmit((values) =>
    send.mutate(
      { values, listingId, subject },
      {
        onSuccess: (outcome) => {
          if (!toastOutcome(outcome, { sent: m.toasts.sent, queued: m.toasts.queued })) return;
          form.reset();
          onSent();
        },
        onError: (err) => toastError(failureMessage(err, m.toasts.sendFailed)),
      },
    ),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={m.dialog.title}>
      <Stack gap="sm">
        <TextInput
          label={m.dialog.email}
          description={m.dialog.emailHint}
          type="email"
          readOnly
          {...form.getInputProps('email')}
        />
        <Textarea
          label={m.dialog.message}
          placeholder={m.dialog.messagePlaceholder}
          autosize
          minRows={4}
          maxRows={10}
          required
          {...form.getInputProps('message')}
        />
        <TicketFormActions submitLabel={m.dialog.submit} pending={send.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
