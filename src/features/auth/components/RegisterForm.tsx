import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Alert, Anchor, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { ApiError, failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { signUp } from '../api.ts';
import { hasErrors, validateRegister, type FieldErrors, type RegisterField, type RegisterValues } from '../model.ts';
import { applyUser } from '../session.ts';

const m = t.auth;

/** Registration: name, e-mail, password twice, optional referral code, 18+ and Termini/Privacy. */
export function RegisterForm({ referral }: { referral: string | null }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<RegisterValues>({ displayName: '', email: '', password: '', confirm: '', age: false, terms: false });
  const [ref, setRef] = useState(referral ?? '');
  const [errors, setErrors] = useState<FieldErrors<RegisterField>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateRegister(values, m.validation);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      const { user, session } = await signUp({ ...values, ref: ref.trim() || null });
      if (session && user) await applyUser({ id: user.id, email: user.email ?? '' });
      else navigate('/registration-success', { replace: true, state: { email: values.email.trim() } });
    } catch (err) {
      const exists = err instanceof ApiError && err.code === 'user_already_exists';
      setFailure(exists ? m.register.alreadyRegistered : failureMessage(err, m.genericError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label={m.page.tabRegister}>
      <Stack gap="sm">
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <TextInput
          label={m.fields.displayName}
          placeholder={m.fields.displayNamePlaceholder}
          autoComplete="nickname"
          value={values.displayName}
          onChange={(e) => set('displayName', e.currentTarget.value)}
          error={errors.displayName}
          required
        />
        <TextInput
          label={m.fields.email}
          placeholder={m.fields.emailPlaceholder}
          type="email"
          inputMode="email"
          autoComplete="email"
          value={values.email}
          onChange={(e) => set('email', e.currentTarget.value)}
          error={errors.email}
          required
        />
        <PasswordInput
          label={m.fields.password}
          autoComplete="new-password"
          value={values.password}
          onChange={(e) => set('password', e.currentTarget.value)}
          error={errors.password}
          required
        />
        <PasswordInput
          label={m.fields.passwordConfirm}
          autoComplete="new-password"
          value={values.confirm}
          onChange={(e) => set('confirm', e.currentTarget.value)}
          error={errors.confirm}
          required
        />
        <TextInput label={m.fields.referral} value={ref} onChange={(e) => setRef(e.currentTarget.value)} autoComplete="off" />
        <Checkbox
          label={m.fields.age}
          checked={values.age}
          onChange={(e) => set('age', e.currentTarget.checked)}
          error={errors.age}
        />
        <Checkbox
          label={
            <>
              {m.fields.termsPrefix}{' '}
              <Anchor component={Link} to="/termini" target="_blank" inherit underline="always">
                {m.fields.terms}
              </Anchor>{' '}
              {m.fields.termsAnd}{' '}
              <Anchor component={Link} to="/privacy" target="_blank" inherit underline="always">
                {m.fields.privacy}
              </Anchor>
            </>
          }
          checked={values.terms}
          onChange={(e) => set('terms', e.currentTarget.checked)}
          error={errors.terms}
        />
        <Button type="submit" loading={busy} fullWidth>
          {m.register.submit}
        </Button>
      </Stack>
    </form>
  );
}
