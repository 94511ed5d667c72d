import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { updatePassword } from '../api.ts';
import { hasErrors, validateNewPassword, type FieldErrors } from '../model.ts';

const m = t.auth;

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors<'password' | 'confirm'>>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = validateNewPassword(password, confirm, m.validation);
    setErrors(found);
    if (hasErrors(found)) return;
    setBusy(true);
    try {
      await updatePassword(password);
      toastSuccess(m.changePassword.success);
      navigate('/dashboard', { replace: true });
    } catch (err) {
      toastError(failureMessage(err, m.changePassword.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Container size={440} px="md" py="lg">
      <Title order={1} size="h2" mb="xs">
        {m.changePassword.title}
      </Title>
      {params.get('recovery') && <Text c="dimmed">{m.changePassword.recoveryHint}</Text>}
      <Paper withBorder p="md" mt="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput
              label={m.fields.passwordNew}
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={errors.password}
              required
            />
            <PasswordInput
              label={m.fields.passwordConfirm}
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
              error={errors.confirm}
              required
            />
            <Button type="submit" loading={busy}>
              {m.changePassword.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
