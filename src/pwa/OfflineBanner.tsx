import { Box, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { useOnline } from './useOnline.ts';

/** A strip under the header while the device is offline. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <Box role="status" bg="yellow.2" px="sm" py={6} data-testid="offline-banner">
      <Text size="sm" ta="center" c="dark.8">
        {t.pwa.offlineBanner}
      </Text>
    </Box>
  );
}
