import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ActionIcon, Button, Divider, Group, Indicator, Popover, ScrollArea, Stack, Text } from '@mantine/core';
import { showAppBadge } from '@/lib/appBadge.ts';
import { t } from '@/lib/catalogue/index.ts';
import { useNotificationFeed } from '../hooks/useNotificationFeed.ts';
import { routeForNotification, type AppNotification } from '../model.ts';
import { markAllRead, markOneRead, useNotificationsStore } from '../store.ts';
import { NotificationItem } from './NotificationItem.tsx';

function BellIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M10 5a2 2 0 1 1 4 0a7 7 0 0 1 4 6v3a4 4 0 0 0 2 3h-16a4 4 0 0 0 2 -3v-3a7 7 0 0 1 4 -6" />
      <path d="M9 17v1a3 3 0 0 0 6 0v-1" />
    </svg>
  );
}

/** Header bell: staff see staff-wide notifications, users their own. */
export function NotificationBell({ userId, staff }: { userId: string; staff: boolean }) {
  const navigate = useNavigate();
  const scope = useNotificationFeed(userId, staff);
  const items = useNotificationsStore((s) => s.items);
  const unread = useNotificationsStore((s) => s.unread);
  const loading = useNotificationsStore((s) => s.loading);
  const [opened, setOpened] = useState(false);
  // The installed app's icon follows the unread count, and is cleared on signing out.
  useEffect(() => showAppBadge(unread), [unread]);
  useEffect(() => () => showAppBadge(0), []);

  async function open(item: AppNotification) {
    if (!scope) return;
    const ok = await markOneRead(scope, item.id);
    if (!ok) return;
    const to = routeForNotification(item);
    if (to) {
      setOpened(false);
      void navigate(to);
    }
  }

  return (
    <Indicator label={unread > 99 ? '99+' : unread} size={18} color="red.8" disabled={unread === 0} offset={4} inline zIndex={3}>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" width={320} shadow="md" withArrow trapFocus>
        <Popover.Target>
          <ActionIcon variant="subtle" color="gray.8" size="lg" aria-label={t.notifications.bellLabel(unread)} onClick={() => setOpened((o) => !o)}>
            <BellIcon />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs" aria-label={t.notifications.bellLabel(unread)}>
          <Group justify="space-between" px="xs" pb={6} wrap="nowrap">
            {/* The count is the badge's: the list below also holds read ones. */}
            <Text fw={700} size="sm" data-testid="notifications-unread">
              {t.notifications.heading(unread)}
            </Text>
            <Button size="compact-xs" variant="subtle" style={{ flexShrink: 0 }} onClick={() => scope && void markAllRead(scope, userId)} disabled={unread === 0}>
              {t.notifications.markAll}
            </Button>
          </Group>
          <Divider mb={4} />
          <ScrollArea.Autosize mah={360} type="auto">
            {loading && items.length === 0 ? (
              <Text size="sm" c="gray.7" p="sm">
                {t.notifications.loading}
              </Text>
            ) : items.length === 0 ? (
              <Text size="sm" c="gray.7" p="sm">
                {t.notifications.empty}
              </Text>
            ) : (
              <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {items.map((item) => (
                  <li key={item.id}>
                    <NotificationItem item={item} onClick={() => void open(item)} />
                  </li>
                ))}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
