import { Button, Group, NumberInput, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import type { Tables } from '@/lib/database.types.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { euros, validatePackage, type PackageFormValues } from '../settings/model.ts';
import { useSavePackage } from '../queries.ts';

const s = t.adminStaff;
const m = s.settings.package;

/** A credit package's name, credits, price (euros), order and whether it is on sale; a new one without `pkg`. */
export function SettingsPackageForm({ pkg, onDone }: { pkg?: Tables<'credit_packages'>; onDone?: () => void }) {
  const save = useSavePackage();
  const form = useForm<PackageFormValues>({
    initialValues: pkg
      ? { name: pkg.name, credits: pkg.credits, price: euros(pkg.price_cents), sortOrder: pkg.sort_order, isActive: pkg.is_active }
      : { name: '', credits: '', price: '', sortOrder: '', isActive: true },
    validate: (v) => validatePackage(v, m),
  });
  const submit = form.onSubmit((values) =>
    save.mutate(
      { values, id: pkg?.id },
      {
        onSuccess: () => {
          toastSuccess(pkg ? m.saved : m.created);
          if (!pkg) form.reset();
          else form.resetDirty(values);
          onDone?.();
        },
        onError: (err) => toastError(failureMessage(err, m.failed)),
      },
    ),
  );
  return (
    <form noValidate onSubmit={submit} aria-label={pkg ? m.edit(pkg.name) : m.add}>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <TextInput label={m.name} required maxLength={60} {...form.getInputProps('name')} />
        <NumberInput label={m.credits} required min={1} allowDecimal={false} {...form.getInputProps('credits')} />
        <TextInput label={m.price} required inputMode="decimal" {...form.getInputProps('price')} />
        <NumberInput label={m.sortOrder} allowDecimal={false} {...form.getInputProps('sortOrder')} />
      </SimpleGrid>
      <Group justify="space-between" mt="xs">
        <Switch label={m.active} {...form.getInputProps('isActive', { type: 'checkbox' })} />
        <Button type="submit" size="sm" loading={save.isPending} disabled={!!pkg && !form.isDirty()}>
          {pkg ? s.common.save : m.add}
        </Button>
      </Group>
    </form>
  );
}
