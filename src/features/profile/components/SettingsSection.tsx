import type { ReactNode } from 'react';
import { Paper, Stack, Title } from '@mantine/core';

/** One bordered section of the settings page with its heading; `danger` marks it red. */
export function SettingsSection({ title, danger = false, children }: { title: string; danger?: boolean; children: ReactNode }) {
  return (
    <Paper withBorder p="md" style={danger ? { borderColor: 'var(--mantine-color-red-3)' } : undefined}>
      <Stack gap="sm">
        <Title order={2} size="h4" c={danger ? 'red.8' : undefined}>
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}
