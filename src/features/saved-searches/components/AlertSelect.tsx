import { Select } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';
import { ALERTS, isAlert, type Alert } from '../model.ts';

const s = t.savedSearches;
const DATA = ALERTS.map((value) => ({ value, label: s.alerts[value]! }));

/** 'Subito' / 'Una volta al giorno' / 'Mai', with what the choice means under it. */
export function AlertSelect({ value, onChange, disabled }: { value: Alert; onChange: (a: Alert) => void; disabled?: boolean }) {
  return (
    <Select
      label={s.alertLabel}
      data={DATA}
      value={value}
      onChange={(v) => isAlert(v) && onChange(v)}
      allowDeselect={false}
      description={s.alertHints[value]}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
