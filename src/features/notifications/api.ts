/** admin_notifications: the list, marking read, and realtime changes. */
import { unwrap } from '@/lib/apiError.ts';
import { loadSupabase } from '@/lib/backend.ts';
import { catchUpOnJoin } from '@/lib/realtimeCatchUp.ts';
import type { AppNotification, NotificationScope } from './model.ts';

const COLUMNS = 'id, user_id, type, entity_id, message, is_read, created_at';

export async function fetchNotifications(scope: NotificationScope): Promise<AppNotification[]> {
  const db = await loadSupabase();
  let query = db.from('admin_notifications').select(COLUMNS);
  query = scope.kind === 'staff' ? query.is('user_id', null) : query.eq('user_id', scope.userId);
  return unwrap(query.order('created_at', { ascending: false }));
}

/** is_read = true for `ids`, restricted to staff-wide rows or the user's own. */
export async function markNotificationsRead(scope: NotificationScope, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const db = await loadSupabase();
  let query = db.from('admin_notifications').update({ is_read: true });
  query = ids.length === 1 ? query.eq('id', ids[0]!) : query.in('id', [...ids]);
  query = scope.kind === 'staff' ? query.is('user_id', null) : query.eq('user_id', scope.userId);
  await unwrap(query);
}

/**
 * 'Segna tutte come lette' up to `upTo`, the created_at of the newest notification the user
 * saw: a copy sent again later marks nothing newer (docs/decisions/1008-offline-writes-applied-once.md).
 * Users mark their own; staff also the staff-wide ones.
 */
export async function markAllNotificationsRead(upTo: string): Promise<void> {
  const db = await loadSupabase();
  await unwrap(db.rpc('mark_notifications_read', { p_up_to: upTo }));
}

/**
 * Realtime INSERT and UPDATE on admin_notifications. Users filter on their id; staff
 * subscribe unfiltered (realtime filters cannot say `is null`) and row-level security plus
 * the re-fetch keep the list to staff-wide rows.
 */
export function subscribeNotifications(scope: NotificationScope, onChange: () => void): () => void {
  const name = scope.kind === 'staff' ? 'notifications:staff' : `notifications:${scope.userId}`;
  const filter = scope.kind === 'user' ? { filter: `user_id=eq.${scope.userId}` } : {};
  let stop: (() => void) | null = null;
  let stopped = false;
  void loadSupabase().then((db) => {
    if (stopped) return;
    const channel = db
      .channel(name)
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'admin_notifications', ...filter }, onChange)
      .on('postgres_changes', { event: 'UPDATE', schema: 'public', table: 'admin_notifications', ...filter }, onChange)
      .subscribe(catchUpOnJoin(onChange));
    stop = () => void db.removeChannel(channel);
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
