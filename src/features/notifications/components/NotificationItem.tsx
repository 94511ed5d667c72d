import { Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { relativeTimeIt } from '@/lib/dates.ts';
import { t } from '@/lib/catalogue/index.ts';
import type { AppNotification } from '../model.ts';

/** One row of the bell; unread rows have a pink background. */
export function NotificationItem({ item, onClick, now }: { item: AppNotification; onClick: () => void; now?: Date }) {
  return (
    <UnstyledButton
      onClick={onClick}
      data-unread={item.is_read ? undefined : 'true'}
      w="100%"
      px="sm"
      py={8}
      style={{
        display: 'block',
        borderRadius: 6,
        background: item.is_read ? 'transparent' : 'var(--mantine-color-pink-0)',
      }}
    >
      <Text size="sm" fw={item.is_read ? 400 : 600} c="dark.7">
        {!item.is_read && <VisuallyHidden>{t.notifications.unread}: </VisuallyHidden>}
        {item.message}
      </Text>
      <Text size="xs" c="gray.7">
        {relativeTimeIt(item.created_at, now)}
      </Text>
    </UnstyledButton>
  );
}
