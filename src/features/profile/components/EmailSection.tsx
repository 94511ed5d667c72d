import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { validateEmailChange, type EmailChangeValues } from '../model.ts';
import { useChangeEmail } from '../queries.ts';
import { SettingsSection } from './SettingsSection.tsx';

const m = t.profile.settings;

/** 'Indirizzo email': the current address and the request for a new one, confirmed by a link. */
export function EmailSection({ email }: { email: string }) {
  const form = useForm<EmailChangeValues>({
    initialValues: { newEmail: '' },
    validate: (values) => validateEmailChange(values, t.auth.validation),
  });
  const change = useChangeEmail();

  const submit = form.onSubmit((values) =>
    change.mutate(values.newEmail.trim(), {
      onSuccess: () => {
        toastSuccess(m.emailChangeSent);
        form.reset();
      },
      onError: (err) => toastError(failureMessage(err, m.emailChangeFailed)),
    }),
  );

  return (
    <SettingsSection title={m.emailSection}>
      <form onSubmit={submit} noValidate aria-label={m.emailSection}>
        <Stack gap="sm">
          <Text size="sm">{m.currentEmail(email)}</Text>
          <TextInput label={m.newEmail} type="email" autoComplete="email" {...form.getInputProps('newEmail')} />
          <Button type="submit" variant="light" loading={change.isPending}>
            {m.changeEmail}
          </Button>
        </Stack>
      </form>
    </SettingsSection>
  );
}
