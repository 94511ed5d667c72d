import { useEffect } from 'react';
import { Alert, Button, Container, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';

const m = t.frame.screenOffline;

/** A screen whose code could not be downloaded: says so, and tries again when the device is back online. */
export function ScreenOffline({ onRetry }: { onRetry: () => void }) {
  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <Container size="sm" px="sm" py="md">
      <Alert color="yellow" title={m.title} data-testid="screen-offline" role="status">
        <Text size="sm">{m.text}</Text>
        <Button size="xs" variant="white" mt="sm" onClick={onRetry}>
          {m.retry}
        </Button>
      </Alert>
    </Container>
  );
}
