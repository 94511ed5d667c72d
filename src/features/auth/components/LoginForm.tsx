import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ApiError, failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { signIn } from '../api.ts';
import { hasErrors, validateLogin, type FieldErrors } from '../model.ts';
import { applyUser } from '../session.ts';

const m = t.auth;

/** GoTrue's error_code for the two answers a sign-in form explains; the rest as the error contract says. */
export function loginErrorMessage(err: unknown): string {
  const code = err instanceof ApiError ? err.code : null;
  if (code === 'email_not_confirmed') return m.login.notConfirmed;
  if (code === 'invalid_credentials') return m.login.invalid;
  return failureMessage(err, m.genericError);
}

/** E-mail and password; on success the /auth guard moves the viewer on. */
export function LoginForm({ onForgot }: { onForgot: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'email' | 'password'>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateLogin({ email, password }, m.validation);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const { user } = await signIn(email, password);
      await applyUser({ id: user.id, email: user.email ?? '' });
    } catch (err) {
      setFailure(loginErrorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={m.page.tabLogin}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={m.fields.email}
          placeholder={m.fields.emailPlaceholder}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
          required
        />
        <PasswordInput
          label={m.fields.password}
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
        />
        <Button type="submit" loading={busy} fullWidth>
          {m.login.submit}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onForgot} ta="center">
          {m.login.forgot}
        </Anchor>
      </Stack>
    </form>
  );
}
