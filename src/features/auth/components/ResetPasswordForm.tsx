import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { t } from '@/lib/catalogue/index.ts';
import { validateResetRequest } from '../model.ts';
import { useRequestPasswordReset } from '../queries.ts';

const m = t.auth;

/** Asks for a password-recovery e-mail; the link lands on /auth/callback. */
export function ResetPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm({
    initialValues: { email: '' },
    validate: (values) => validateResetRequest(values, m.validation),
  });
  const reset = useRequestPasswordReset();
  // Same answer whether or not the address exists (or the request failed), so accounts cannot be probed.
  const sent = reset.isSuccess || reset.isError;

  return (
    <form onSubmit={form.onSubmit(({ email }) => reset.mutate(email))} noValidate aria-label={m.reset.title}>
      <Stack gap="sm">
        <Text fw={600}>{m.reset.title}</Text>
        {sent ? (
          <Alert color="teal" role="status">
            {m.reset.sent}
          </Alert>
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {m.reset.text}
            </Text>
            <TextInput
              label={m.fields.email}
              placeholder={m.fields.emailPlaceholder}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={reset.isPending} fullWidth>
              {m.reset.submit}
            </Button>
          </>
        )}
        <Anchor component="button" type="button" size="sm" onClick={onBack} ta="center">
          {m.reset.backToLogin}
        </Anchor>
      </Stack>
    </form>
  );
}
