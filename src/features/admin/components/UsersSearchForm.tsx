import { useState } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { t } from '@/lib/catalogue/screens.ts';

/** A staff list's search box: the term is sent on 'Cerca' or Enter, not on every key. */
export function UsersSearchForm({ label, placeholder, onSearch }: { label: string; placeholder: string; onSearch: (term: string) => void }) {
  const [draft, setDraft] = useState('');
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(draft.trim());
      }}
    >
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput label={label} placeholder={placeholder} value={draft} onChange={(e) => setDraft(e.currentTarget.value)} style={{ flex: 1 }} type="search" />
        <Button type="submit">{t.adminStaff.common.search}</Button>
      </Group>
    </form>
  );
}
