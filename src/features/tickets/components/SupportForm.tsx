import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, TextInput, Textarea } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { createTicket } from '../api.ts';
import { validateTicketForm, type TicketFormValues } from '../model.ts';

const m = t.tickets;

/**
 * The account's e-mail (shown, read-only: the server files the ticket under it) and the
 * message; sends create-ticket with the §9 default subject.
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
  const empty: TicketFormValues = { email: defaultEmail, message: '' };
  const [values, setValues] = useState<TicketFormValues>(empty);
  const [errors, setErrors] = useState<Partial<Record<keyof TicketFormValues, string>>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateTicketForm(values, m.validation);
    setErrors(found);
    if (found.email || found.message) return;
    setBusy(true);
    try {
      await createTicket(values, { listingId, subject });
      toastSuccess(m.toasts.sent);
      setValues(empty);
      setErrors({});
      onSent();
    } catch (err) {
      toastError(failureMessage(err, m.toasts.sendFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={m.dialog.title}>
      <Stack gap="sm">
        <TextInput
          label={m.dialog.email}
          description={m.dialog.emailHint}
          type="email"
          value={values.email}
          readOnly
          error={errors.email}
        />
        <Textarea
          label={m.dialog.message}
          placeholder={m.dialog.messagePlaceholder}
          autosize
          minRows={4}
          maxRows={10}
          value={values.message}
          onChange={(e) => {
            const message = e.currentTarget.value;
            setValues((v) => ({ ...v, message }));
          }}
          error={errors.message}
          required
        />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {m.dialog.cancel}
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {m.dialog.submit}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
