import { Alert, Button, Group, Text } from '@mantine/core';
import { failureMessage } from './apiError.ts';
import { common } from './catalogue/common.ts';

/** A query that failed: its Italian message (the server's, or the screen's `fallback`) and 'Riprova'. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => void }) {
  return (
    <Alert color="red" role="alert">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{failureMessage(error, fallback)}</Text>
        <Button size="compact-sm" variant="white" color="red" onClick={onRetry}>
          {common.retry}
        </Button>
      </Group>
    </Alert>
  );
}
