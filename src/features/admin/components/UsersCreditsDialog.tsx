import { Button, Group, Modal, NumberInput, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { validateCredits, type CreditsFormValues } from '../users/model.ts';
import { useAdjustCredits } from '../queries.ts';

const m = t.adminStaff.users.adjust_;
const c = t.adminStaff.common;

/** Admin only: adds or removes credits, with the reason the ledger keeps. */
export function UsersCreditsDialog({ user, opened, onClose }: { user: { id: string; credits: number }; opened: boolean; onClose: () => void }) {
  const adjust = useAdjustCredits();
  const form = useForm<CreditsFormValues>({
    initialValues: { amount: '', reason: '' },
    validate: (v) => validateCredits(v, user.credits, { amountInvalid: m.amountInvalid, negative: m.negative, reasonRequired: c.reasonRequired }),
  });
  const close = () => {
    if (adjust.isPending) return;
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((v) =>
    adjust.mutate(
      { userId: user.id, amount: Number(v.amount), reason: v.reason },
      {
        onSuccess: (balance) => {
          toastSuccess(m.done(balance));
          form.reset();
          onClose();
        },
        onError: (err) => toastError(failureMessage(err, m.failed)),
      },
    ),
  );
  return (
    <Modal opened={opened} onClose={close} title={m.title} centered closeButtonProps={{ 'aria-label': c.close }}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm">{m.balance(user.credits)}</Text>
          <NumberInput label={m.amount} required allowDecimal={false} data-autofocus {...form.getInputProps('amount')} />
          <Textarea label={c.reason} placeholder={m.reasonPlaceholder} required autosize minRows={2} maxLength={500} {...form.getInputProps('reason')} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={close} disabled={adjust.isPending}>
              {c.cancel}
            </Button>
            <Button type="submit" loading={adjust.isPending}>
              {m.confirm}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
