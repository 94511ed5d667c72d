import { Autocomplete, Chip, Group, MultiSelect, NumberInput, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { t } from '@/lib/catalogue/screens.ts';
import { suggestCities } from '@/lib/italianCities.ts';
import { charCount, LISTING_RULES, sqlTrim, type ListingFormValues } from './listingForm.ts';
import { options } from '../model.ts';
import type { ArrayField } from '../shape.ts';

const f = t.listingEditor.fields;
const labels = t.listings.detail.fields;

/** Short lists as chips (one tap each); the long ones as searchable multi-selects. */
const CHIP_FIELDS: readonly ArrayField[] = ['breast_type', 'hair_color', 'body_type', 'eye_color', 'meeting_type', 'availability_for', 'meeting_location'];
const SELECT_FIELDS: readonly ArrayField[] = ['ethnicity', 'nationality'];

function ChipField({ form, field }: { form: UseFormReturnType<ListingFormValues>; field: ArrayField }) {
  const props = form.getInputProps(field);
  const error = props.error as string | undefined;
  return (
    <div role="group" aria-labelledby={`chips-${field}`} data-testid={`field-${field}`}>
      <Text id={`chips-${field}`} size="sm" fw={500} mb={4}>
        {labels[field]}
      </Text>
      <Chip.Group multiple value={form.getValues()[field]} onChange={(v) => form.setFieldValue(field, v)}>
        <Group gap={6}>
          {options(field).map((o) => (
            <Chip key={o.value} value={o.value} size="sm">
              {o.label}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {error && (
        <Text size="xs" c="red" mt={4} role="alert">
          {error}
        </Text>
      )}
    </div>
  );
}

/** Every field of a listing, with the trigger's bounds as input limits and a character counter on the description. */
export function ListingEditorFields({ form, disabled }: { form: UseFormReturnType<ListingFormValues>; disabled?: boolean }) {
  const r = LISTING_RULES;
  const values = form.getValues();
  const described = charCount(sqlTrim(values.description));
  return (
    <Stack gap="md">
      <TextInput label={f.title} placeholder={f.titlePlaceholder} required disabled={disabled} key={form.key('title')} {...form.getInputProps('title')} />
      <Select
        label={f.category}
        placeholder={f.categoryPlaceholder}
        required
        disabled={disabled}
        data={options('category')}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        key={form.key('category')}
        {...form.getInputProps('category')}
      />
      <Autocomplete
        label={f.city}
        placeholder={f.cityPlaceholder}
        description={f.cityHint}
        required
        disabled={disabled}
        data={suggestCities(values.city)}
        autoComplete="off"
        key={form.key('city')}
        {...form.getInputProps('city')}
      />
      <TextInput label={f.zone} placeholder={f.zonePlaceholder} disabled={disabled} key={form.key('zone')} {...form.getInputProps('zone')} />
      <Group grow align="flex-end" gap="sm">
        <NumberInput
          label={f.age}
          required
          disabled={disabled}
          min={r.age.min}
          max={r.age.max}
          allowDecimal={false}
          clampBehavior="none"
          inputMode="numeric"
          key={form.key('age')}
          {...form.getInputProps('age')}
        />
        <NumberInput
          label={f.hourlyRate}
          description={f.hourlyRateHint}
          disabled={disabled}
          min={r.hourly_rate.min}
          max={r.hourly_rate.max}
          decimalScale={2}
          decimalSeparator=","
          clampBehavior="none"
          suffix=" €"
          inputMode="decimal"
          key={form.key('hourly_rate')}
          {...form.getInputProps('hourly_rate')}
        />
      </Group>
      <div>
        <Textarea
          label={f.description}
          placeholder={f.descriptionPlaceholder}
          required
          disabled={disabled}
          autosize
          minRows={5}
          maxRows={14}
          key={form.key('description')}
          aria-describedby="description-counter"
          {...form.getInputProps('description')}
        />
        <Text
          id="description-counter"
          size="xs"
          ta="right"
          c={described > r.description.max || (described > 0 && described < r.description.min) ? 'red' : 'dimmed'}
          aria-live="polite"
          data-testid="description-counter"
        >
          {f.counter(described, r.description.max)}
        </Text>
      </div>
      <Title order={2} size="h4" mt="sm">
        {t.listingEditor.sections.details}
      </Title>
      {SELECT_FIELDS.map((field) => (
        <MultiSelect
          key={form.key(field)}
          label={labels[field]}
          placeholder={f.choose}
          disabled={disabled}
          data={options(field)}
          searchable
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps(field)}
        />
      ))}
      {CHIP_FIELDS.map((field) => (
        <ChipField key={field} form={form} field={field} />
      ))}
      <Title order={2} size="h4" mt="sm">
        {t.listingEditor.sections.services}
      </Title>
      <MultiSelect
        key={form.key('offered_services')}
        label={labels.offered_services}
        placeholder={f.choose}
        disabled={disabled}
        data={options('offered_services')}
        searchable
        clearable
        hidePickedOptions
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('offered_services')}
      />
    </Stack>
  );
}
