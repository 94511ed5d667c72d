import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import type { Tables } from '@/lib/database.types.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { parseSetting, settingKind, settingText } from '../SettingsModel.ts';
import { useSaveSetting } from '../queries.ts';

const m = t.adminStaff.settings;

/** One setting: its Italian description as the label, what it takes as the hint, its value as text, saved on its own. */
export function SettingsValueForm({ setting }: { setting: Tables<'settings'> }) {
  const [text, setText] = useState(settingText(setting.value));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSetting();
  const changed = text.trim() !== settingText(setting.value);
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseSetting(setting.value, text);
    if ('error' in parsed) return setError(m[parsed.error]);
    setError(null);
    save.mutate({ key: setting.key, value: parsed.value }, { onSuccess: () => toastSuccess(m.saved), onError: (err) => toastError(failureMessage(err, m.failed)) });
  };
  return (
    <form noValidate onSubmit={submit} aria-label={setting.description ?? setting.key}>
      <TextInput
        label={setting.description ?? setting.key}
        description={m.hints[settingKind(setting.value)]}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        // The button sits beside the field itself, however many lines the label wraps to on a phone.
        inputContainer={(field) => (
          <Group gap="xs" wrap="nowrap" align="center">
            <div style={{ flex: 1 }}>{field}</div>
            <Button type="submit" size="sm" variant={changed ? 'filled' : 'light'} loading={save.isPending} disabled={!changed}>
              {t.adminStaff.common.save}
            </Button>
          </Group>
        )}
      />
    </form>
  );
}
