import { useState } from 'react';
import { Autocomplete, Button, Checkbox, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { label as valueLabel, options, type SearchParams } from '@/features/listings/index.ts';
import { ARRAY_FILTERS } from './model.ts';
import { suggestCities } from '@/lib/italianCities.ts';

const CATEGORY_OPTIONS = options('category');
const FIELD_LABELS = t.listings.detail.fields;

/** The filter form; `onApply` receives the new filters (the page writes them to the URL). */
export function SearchFilters({ value, onApply }: { value: SearchParams; onApply: (f: SearchParams) => void }) {
  const s = t.search;
  const [draft, setDraft] = useState<SearchParams>(value);
  const set = <K extends keyof SearchParams>(k: K, v: SearchParams[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const num = (v: string | number) => (v === '' || v == null ? undefined : Number(v));
  return (
    <form
      role="search"
      aria-label={s.title}
      onSubmit={(e) => {
        e.preventDefault();
        onApply(draft);
      }}
    >
      <Stack gap="sm">
        <Select
          label={s.category}
          placeholder={s.anyCategory}
          data={CATEGORY_OPTIONS}
          value={draft.category ?? null}
          onChange={(v) => set('category', v ?? undefined)}
          clearable
        />
        <SimpleGrid cols={2} spacing="sm">
          <Autocomplete
            label={s.city}
            placeholder={s.cityPlaceholder}
            data={suggestCities(draft.city ?? '')}
            value={draft.city ?? ''}
            onChange={(v) => set('city', v || undefined)}
            autoComplete="off"
          />
          <TextInput label={s.zone} placeholder={s.zonePlaceholder} value={draft.zone ?? ''} onChange={(e) => set('zone', e.currentTarget.value || undefined)} />
          <NumberInput label={s.ageMin} min={18} max={99} value={draft.ageMin ?? ''} onChange={(v) => set('ageMin', num(v))} inputMode="numeric" />
          <NumberInput label={s.ageMax} min={18} max={99} value={draft.ageMax ?? ''} onChange={(v) => set('ageMax', num(v))} inputMode="numeric" />
          <NumberInput label={s.rateMin} min={0} max={10000} value={draft.rateMin ?? ''} onChange={(v) => set('rateMin', num(v))} inputMode="numeric" />
          <NumberInput label={s.rateMax} min={0} max={10000} value={draft.rateMax ?? ''} onChange={(v) => set('rateMax', num(v))} inputMode="numeric" />
        </SimpleGrid>
        <Checkbox
          label={s.availableNow}
          description={s.availableNowHint}
          checked={!!draft.availableNow}
          onChange={(e) => set('availableNow', e.currentTarget.checked || undefined)}
          color="green"
        />
        <Checkbox
          label={t.trust.verifiedOnly}
          checked={!!draft.verifiedOnly}
          onChange={(e) => set('verifiedOnly', e.currentTarget.checked || undefined)}
          color="teal"
          data-testid="filter-verified"
        />
        <Text size="xs" c="dimmed">
          {s.anyOf}
        </Text>
        {ARRAY_FILTERS.map((key) => (
          <MultiSelect
            key={key}
            label={FIELD_LABELS[key]}
            data={options(key)}
            value={draft[key] ?? []}
            onChange={(v) => set(key, v.length ? v : undefined)}
            clearable
            searchable={key === 'offered_services' || key === 'nationality'}
            aria-label={FIELD_LABELS[key]}
            renderOption={({ option }) => valueLabel(key, option.value)}
          />
        ))}
        <Group grow>
          <Button
            variant="default"
            onClick={() => {
              const cleared: SearchParams = draft.query ? { query: draft.query } : {};
              setDraft(cleared);
              onApply(cleared);
            }}
          >
            {s.reset}
          </Button>
          <Button type="submit">{s.submit}</Button>
        </Group>
      </Stack>
    </form>
  );
}
