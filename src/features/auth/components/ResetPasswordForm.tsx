import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { requestPasswordReset } from '../api.ts';
import { validateEmail } from '../model.ts';

const m = t.auth;

/** Asks for a password-recovery e-mail; the link lands on /auth/callback. */
export function ResetPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateEmail(email, m.validation);
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      await requestPasswordReset(email);
    } finally {
      // Same answer whether or not the address exists, so accounts cannot be probed.
      setSent(true);
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={m.reset.title}>
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
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={error}
              required
            />
            <Button type="submit" loading={busy} fullWidth>
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
