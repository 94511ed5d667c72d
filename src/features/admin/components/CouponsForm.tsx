import { Button, Group, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage, ApiError } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { couponValues, emptyCoupon, expiryDay, validateCoupon, type CouponFormValues, type CouponRow } from '../coupons/model.ts';
import { CouponUserNotFound, useSaveCoupon } from '../queries.ts';

const s = t.adminStaff;
const m = s.coupons;
const f = m.form;

/** Creates a coupon, or edits `coupon`: every discount and usage type, expiry, max uses, an optional single user. */
export function CouponsForm({ coupon, onDone, onCancel }: { coupon?: CouponRow; onDone: () => void; onCancel: () => void }) {
  const save = useSaveCoupon();
  const form = useForm<CouponFormValues>({
    initialValues: coupon ? couponValues(coupon) : emptyCoupon,
    validate: (v) => validateCoupon(v, m.validation, expiryDay(new Date().toISOString()), !!coupon),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { values, id: coupon?.id },
      {
        onSuccess: () => {
          toastSuccess(coupon ? f.saved : f.created);
          onDone();
        },
        onError: (err) => {
          if (err instanceof CouponUserNotFound) form.setFieldError('userEmail', m.validation.userNotFound);
          else if (err instanceof ApiError && err.code === '23505') form.setFieldError('code', m.validation.codeTaken);
          else toastError(failureMessage(err, f.failed));
        },
      },
    ),
  );
  const type = form.values.discountType;
  return (
    <form noValidate onSubmit={submit} aria-label={coupon ? f.editTitle(coupon.code) : f.createTitle}>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={f.code} description={f.codeHint} required maxLength={40} data-autofocus {...form.getInputProps('code')} />
          <TextInput label={f.description} maxLength={200} {...form.getInputProps('description')} />
        </SimpleGrid>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="coupon-discount-type">
            {f.discountType}
          </Text>
          <SegmentedControl
            aria-labelledby="coupon-discount-type"
            fullWidth
            // 'Importo fisso' was cut at 360 px: a label that does not fit takes two lines.
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.2 } }}
            data={(['credits', 'percentage', 'flat_amount'] as const).map((v) => ({ value: v, label: m.discountTypes[v]! }))}
            {...form.getInputProps('discountType')}
          />
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <NumberInput
            label={f.discountValue}
            description={f.discountValueHint[type]}
            required
            min={0}
            max={type === 'percentage' ? 100 : undefined}
            allowDecimal={type !== 'credits'}
            decimalScale={2}
            decimalSeparator=","
            {...form.getInputProps('discountValue')}
          />
          <Select
            label={f.usageType}
            data={(['single_use', 'reusable'] as const).map((v) => ({ value: v, label: m.usageTypes[v]! }))}
            allowDeselect={false}
            {...form.getInputProps('usageType')}
          />
          <TextInput label={f.expiresAt} type="date" {...form.getInputProps('expiresAt')} />
          <NumberInput label={f.maxUses} min={1} allowDecimal={false} {...form.getInputProps('maxUses')} />
        </SimpleGrid>
        <TextInput label={f.userEmail} type="email" {...form.getInputProps('userEmail')} />
        <Switch label={f.active} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>
            {s.common.cancel}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {coupon ? f.submitEdit : f.submitCreate}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
