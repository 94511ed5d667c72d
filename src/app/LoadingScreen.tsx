import { Loader, Stack, Text } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';

function Heart() {
  return (
    <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true">
      <path
        fill="#fff"
        d="M12 21s-7.5-4.6-10-9.3C.4 8.6 2.2 4.5 6 4.1c2.1-.2 3.7.9 4.6 2.3h2.8c.9-1.4 2.5-2.5 4.6-2.3 3.8.4 5.6 4.5 4 7.6C19.5 16.4 12 21 12 21z"
      />
    </svg>
  );
}

/** Shown until the session and the role are known. */
export function LoadingScreen() {
  return (
    <Stack
      role="status"
      aria-live="polite"
      align="center"
      justify="center"
      gap="sm"
      mih="100dvh"
      p="xl"
      style={{ background: 'linear-gradient(135deg, #ad1457 0%, #c2185b 45%, #6a1b9a 100%)', color: '#fff' }}
    >
      <Heart />
      <Loader color="white" size="md" aria-hidden />
      <Text fw={700} fz="lg" c="white">
        {t.common.loading.title}
      </Text>
      <Text c="white">{t.common.loading.subtitle}</Text>
    </Stack>
  );
}

/** The small wait shown inside the layout while a lazy screen or a role loads. */
export function PageLoader() {
  return (
    // A screen tall, so the footer does not show and then jump when the page arrives.
    <Stack align="center" py="xl" role="status" mih="100dvh" justify="flex-start">
      <Loader aria-hidden />
      <Text size="sm" c="gray.7">
        {t.frame.pageLoading}
      </Text>
    </Stack>
  );
}
