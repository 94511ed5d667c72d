import { useEffect, useMemo } from 'react';
import { subscribeNotifications } from '../api.ts';
import type { NotificationScope } from '../model.ts';
import { loadNotifications } from '../store.ts';

/** Fetches the list for `scope` and re-fetches on every realtime INSERT and UPDATE. */
export function useNotificationFeed(userId: string | null, staff: boolean): NotificationScope | null {
  const scope = useMemo<NotificationScope | null>(
    () => (userId ? (staff ? { kind: 'staff' } : { kind: 'user', userId }) : null),
    [userId, staff],
  );
  useEffect(() => {
    if (!scope) return;
    void loadNotifications(scope);
    return subscribeNotifications(scope, () => void loadNotifications(scope));
  }, [scope]);
  return scope;
}
