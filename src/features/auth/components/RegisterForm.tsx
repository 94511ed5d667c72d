import { Link, useNavigate } from 'react-router-dom';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ApiError, failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { paths } from '@/lib/paths.ts';
import { validateRegister, type RegisterValues } from '../model.ts';
import { useSignUp } from '../queries.ts';

const m = t.auth;

function registerErrorMessage(err: unknown): string {
  const exists = err instanceof ApiError && err.code === 'user_already_exists';
  return exists ? m.register.alreadyRegistered : failureMessage(err, m.genericError);
}

/** Registration: name, e-mail, password twice, optional referral code, 18+ and Termini/Privacy. */
export function RegisterForm({ referral }: { referral: string | null }) {
  const navigate = useNavigate();
  const form = useForm<RegisterValues>({
    initialValues: { displayName: '', email: '', password: '', confirm: '', ref: referral ?? '', age: false, terms: false },
    validate: (values) => validateRegister(values, m.validation),
  });
  const register = useSignUp();

  // Signed in at once: the /auth guard moves the viewer on; otherwise the e-mail must be confirmed first.
  const submit = form.onSubmit(
    (values) =>
      register.mutate(values, {
        onSuccess: (signedIn) => {
          if (!signedIn) void navigate(paths.registrationSuccess, { replace: true, state: { email: values.email.trim() } });
        },
      }),
    () => register.reset(),
  );

  return (
    <form onSubmit={submit} noValidate aria-label={m.page.tabRegister}>
      <Stack gap="sm">
        {register.error && (
          <Alert color="red" role="alert">
            {registerErrorMessage(register.error)}
          </Alert>
        )}
        <TextInput
          label={m.fields.displayName}
          placeholder={m.fields.displayNamePlaceholder}
          autoComplete="nickname"
          required
          {...form.getInputProps('displayName')}
        />
        <TextInput
          label={m.fields.email}
          placeholder={m.fields.emailPlaceholder}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput label={m.fields.password} autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordInput label={m.fields.passwordConfirm} autoComplete="new-password" required {...form.getInputProps('confirm')} />
        <TextInput label={m.fields.referral} autoComplete="off" {...form.getInputProps('ref')} />
        <Checkbox label={m.fields.age} {...form.getInputProps('age', { type: 'checkbox' })} />
        <Checkbox
          label={
            <>
              {m.fields.termsPrefix}{' '}
              <Anchor component={Link} to={paths.terms} target="_blank" inherit underline="always">
                {m.fields.terms}
              </Anchor>{' '}
              {m.fields.termsAnd}{' '}
              <Anchor component={Link} to={paths.privacy} target="_blank" inherit underline="always">
                {m.fields.privacy}
              </Anchor>
            </>
          }
          {...form.getInputProps('terms', { type: 'checkbox' })}
        />
        <Button type="submit" loading={register.isPending} fullWidth>
          {m.register.submit}
        </Button>
      </Stack>
    </form>
  );
}
