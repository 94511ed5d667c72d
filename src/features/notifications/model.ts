/** Pure notification logic: routing by type, unread counts, marking read. */
import type { Tables } from '@/lib/database.types.ts';
import { adminSectionPath, paths, savedSearchPath, ticketPath } from '@/lib/paths.ts';

/** A notification as the app reads it (the jobs' dedupe_key is theirs alone). */
export type AppNotification = Omit<Tables<'admin_notifications'>, 'dedupe_key'>;

/** Staff see staff-wide rows (user_id null); everyone else their own. */
export type NotificationScope = { kind: 'staff' } | { kind: 'user'; userId: string };

/** Where a click on a notification goes, or null when it only marks it read. */
export function routeForNotification(n: Pick<AppNotification, 'type' | 'entity_id'>): string | null {
  switch (n.type) {
    case 'new_report':
      return adminSectionPath('segnalazioni');
    case 'ticket_reply':
    case 'new_ticket':
    case 'ticket_resolved':
      return n.entity_id ? ticketPath(n.entity_id) : paths.myTickets;
    case 'saved_search':
      return n.entity_id ? savedSearchPath(n.entity_id) : paths.savedSearches;
    default:
      return null;
  }
}

export function countUnread(items: readonly Pick<AppNotification, 'is_read'>[]): number {
  return items.reduce((n, item) => n + (item.is_read ? 0 : 1), 0);
}

/** Ids that 'Segna tutte come lette' sends: only the unread ones. */
export function unreadIds(items: readonly Pick<AppNotification, 'id' | 'is_read'>[]): string[] {
  return items.filter((i) => !i.is_read).map((i) => i.id);
}

/** The newest created_at of the list (what 'Segna tutte come lette' covers), or null when empty. */
export function newestCreatedAt(items: readonly Pick<AppNotification, 'created_at'>[]): string | null {
  return items.reduce<string | null>((newest, n) => (newest === null || Date.parse(n.created_at) > Date.parse(newest) ? n.created_at : newest), null);
}

/** The list with every notification up to `upTo` read: a 'Segna tutte come lette' still waiting in the outbox. */
export function readUpTo<T extends Pick<AppNotification, 'is_read' | 'created_at'>>(items: readonly T[], upTo: readonly string[]): T[] {
  const limit = Math.max(...upTo.map((u) => Date.parse(u)));
  return items.map((n) => (!n.is_read && Date.parse(n.created_at) <= limit ? { ...n, is_read: true } : n));
}

/** The list and count after `ids` were marked read; the count never drops below 0. */
export function markReadLocally<T extends Pick<AppNotification, 'id' | 'is_read'>>(
  items: readonly T[],
  unread: number,
  ids: readonly string[],
): { items: T[]; unread: number } {
  const set = new Set(ids);
  let changed = 0;
  const next = items.map((item) => {
    if (!set.has(item.id) || item.is_read) return item;
    changed += 1;
    return { ...item, is_read: true };
  });
  return { items: next, unread: Math.max(0, unread - changed) };
}

/** Newest first by created_at. */
export function sortNewestFirst<T extends Pick<AppNotification, 'created_at'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at));
}

/** What the push invite weighs: this browser, its permission, this device's subscription, the user's earlier answers. */
export interface PushInviteState {
  supported: boolean;
  /** Notification.permission: 'default', 'granted' or 'denied'. */
  permission: string;
  /** Whether this device holds a push subscription; undefined until the browser has answered. */
  subscribed: boolean | undefined;
  /** 'No, grazie' was answered on this device once: the invite never comes back. */
  dismissed: boolean;
  /** 'Attiva notifiche' was tapped in this invite. */
  tried: boolean;
}

/**
 * Whether to invite to web push: only where it can work (push supported, permission not
 * refused) and is not on yet, and never again once declined. Once tried, the invite stays until
 * push is on, to show why it failed (a refusal turns the permission to 'denied' itself).
 */
export function showPushInvite(s: PushInviteState): boolean {
  if (s.dismissed || !s.supported) return false;
  if (s.tried) return s.subscribed !== true;
  return s.permission !== 'denied' && s.subscribed === false;
}
