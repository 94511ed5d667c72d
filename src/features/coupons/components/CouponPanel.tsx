import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { useViewer } from '@/features/auth/index.ts';
import { couponCode } from '../model.ts';
import { useApplyCoupon } from '../queries.ts';
import { removeAppliedCoupon, useCouponsStore } from '../store.ts';
import { CouponDiscount } from './CouponDiscount.tsx';

const m = t.money.coupons;

/** The coupon panel: apply a code; once a discount is applied, its code, value and 'Rimuovi'. */
export function CouponPanel() {
  const { user } = useViewer();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const apply = useApplyCoupon(user?.id ?? '');
  const applied = useCouponsStore((s) => (s.owner === user?.id ? s.applied : null));

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const value = couponCode(code);
    if (!value) return setError(m.validation.empty);
    setError(null);
    apply.mutate(value, {
      onSuccess: (answer) => {
        setCode('');
        if (answer.discountType === 'credits') {
          toastSuccess(m.toasts.applied);
          toastSuccess(m.toasts.credits(answer.discountValue));
        } else toastSuccess(answer.message || m.toasts.applied);
      },
      onError: (err) => toastError(err.message || m.toasts.unknown),
    });
  };

  return (
    <Stack gap="sm">
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <TextInput
            flex={1}
            label={m.code}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            autoCapitalize="characters"
            autoComplete="off"
          />
          <Button type="submit" mt={25} disabled={!code || apply.isPending} loading={apply.isPending}>
            {m.apply}
          </Button>
        </Group>
      </form>
      {applied && (
        <Paper withBorder p="sm" radius="md" bg="teal.0">
          {/* The code wraps; 'Rimuovi' keeps its width on a 360 px screen. */}
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={2} miw={0}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {m.applied(applied.code)}
              </Text>
              <CouponDiscount type={applied.discountType} value={applied.discountValue} />
            </Stack>
            <Button
              variant="subtle"
              color="red"
              style={{ flexShrink: 0 }}
              onClick={() => {
                removeAppliedCoupon();
                toastSuccess(m.toasts.removed);
              }}
            >
              {m.remove}
            </Button>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}
