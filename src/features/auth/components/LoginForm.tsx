import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError, failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { validateLogin, type LoginValues } from '../model.ts';
import { useSignIn } from '../queries.ts';

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
  const form = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: (values) => validateLogin(values, m.validation),
  });
  const login = useSignIn();

  // A new attempt, or one stopped by the rules, hides the previous attempt's failure.
  const submit = form.onSubmit((values) => login.mutate(values), () => login.reset());

  return (
    <form onSubmit={submit} noValidate aria-label={m.page.tabLogin}>
      <Stack gap="sm">
        {login.error && (
          <Alert color="red" role="alert">
            {loginErrorMessage(login.error)}
          </Alert>
        )}
        <TextInput
          label={m.fields.email}
          placeholder={m.fields.emailPlaceholder}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput label={m.fields.password} autoComplete="current-password" required {...form.getInputProps('password')} />
        <Button type="submit" loading={login.isPending} fullWidth>
          {m.login.submit}
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onForgot} ta="center">
          {m.login.forgot}
        </Anchor>
      </Stack>
    </form>
  );
}
