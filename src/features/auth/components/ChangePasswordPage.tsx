import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Container, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/index.ts';
import { paths } from '@/lib/paths.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { validateNewPassword, type NewPasswordValues } from '../model.ts';
import { useUpdatePassword } from '../queries.ts';

const m = t.auth;

export default function ChangePasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', confirm: '' },
    validate: (values) => validateNewPassword(values, m.validation),
  });
  const change = useUpdatePassword();

  const submit = form.onSubmit(({ password }) =>
    change.mutate(password, {
      onSuccess: () => {
        toastSuccess(m.changePassword.success);
        void navigate(paths.dashboard, { replace: true });
      },
      onError: (err) => toastError(failureMessage(err, m.changePassword.failed)),
    }),
  );

  return (
    <Container size={440} px="md" py="lg">
      <Title order={1} size="h2" mb="xs">
        {m.changePassword.title}
      </Title>
      {params.get('recovery') && <Text c="dimmed">{m.changePassword.recoveryHint}</Text>}
      <Paper withBorder p="md" mt="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <PasswordInput label={m.fields.passwordNew} autoComplete="new-password" required {...form.getInputProps('password')} />
            <PasswordInput label={m.fields.passwordConfirm} autoComplete="new-password" required {...form.getInputProps('confirm')} />
            <Button type="submit" loading={change.isPending}>
              {m.changePassword.submit}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
