import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { failureMessage } from '@/lib/apiError.ts';
import { t } from '@/lib/catalogue/screens.ts';
import type { Tables } from '@/lib/database.types.ts';
import { toastError, toastSuccess } from '@/lib/toast.ts';
import { parseSetting, settingKind, settingText, termLines } from '../settings/model.ts';
import { useSaveSetting } from '../queries.ts';

const m = t.adminStaff.settings;

/**
 * One setting: its Italian description as the label, what it takes as the hint, its value as
 * text, saved on its own. A list of terms is edited one per line, with its count (issue 43).
 */
export function SettingsValueForm({ setting }: { setting: Tables<'settings'> }) {
  const [text, setText] = useState(settingText(setting.value));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSetting();
  const kind = settingKind(setting.value);
  const changed = text.trim() !== settingText(setting.value);
  const label = setting.description ?? setting.key;
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = parseSetting(setting.value, text);
    if ('error' in parsed) return setError(m[parsed.error]);
    setError(null);
    save.mutate({ key: setting.key, value: parsed.value }, { onSuccess: () => toastSuccess(m.saved), onError: (err) => toastError(failureMessage(err, m.failed)) });
  };
  const button = (
    <Button type="submit" size="sm" variant={changed ? 'filled' : 'light'} loading={save.isPending} disabled={!changed}>
      {t.adminStaff.common.save}
    </Button>
  );
  if (kind === 'terms') {
    return (
      <form noValidate onSubmit={submit} aria-label={label}>
        <Stack gap={6}>
          <Textarea
            label={label}
            description={m.hints.terms}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            error={error}
            autosize
            minRows={4}
            maxRows={12}
          />
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="gray.7" data-testid={`${setting.key}-count`}>
              {m.termsCount(termLines(text).length)}
            </Text>
            {button}
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-label={label}>
      <TextInput
        label={label}
        description={m.hints[kind]}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        error={error}
        // The button sits beside the field itself, however many lines the label wraps to on a phone.
        inputContainer={(field) => (
          <Group gap="xs" wrap="nowrap" align="center">
            <div style={{ flex: 1 }}>{field}</div>
            {button}
          </Group>
        )}
      />
    </form>
  );
}
