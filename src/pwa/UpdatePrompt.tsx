import { useEffect, useSyncExternalStore } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { applyUpdate, dismissUpdate, isUpdateWaiting, registerServiceWorker, subscribeUpdate } from './register.ts';
import { floatingCard } from './floatingCard.ts';

/** Registers the service worker; when a new version waits, offers 'Nuova versione disponibile'. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  useEffect(() => {
    void registerServiceWorker().catch(() => undefined);
  }, []);
  if (!waiting) return null;
  return (
    <Paper
      role="alertdialog"
      aria-labelledby="update-title"
      aria-describedby="update-hint"
      shadow="lg"
      p="sm"
      radius="md"
      withBorder
      pos="fixed"
      style={floatingCard(400)}
      data-testid="update-prompt"
    >
      <Text fw={700} id="update-title">
        {t.pwa.updateAvailable}
      </Text>
      <Text size="sm" c="dimmed" id="update-hint">
        {t.pwa.updateHint}
      </Text>
      <Group justify="flex-end" mt="xs" gap="xs">
        <Button variant="default" size="xs" onClick={dismissUpdate}>
          {t.pwa.updateLater}
        </Button>
        <Button size="xs" onClick={applyUpdate}>
          {t.pwa.updateNow}
        </Button>
      </Group>
    </Paper>
  );
}
