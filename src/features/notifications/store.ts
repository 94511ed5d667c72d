/**
 * The bell's state, persisted to IndexedDB so the last list shows at once after a reload
 * and in a second tab. Cleared on log out.
 */
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { idbStorage } from '@/lib/idbStorage.ts';
import { t } from '@/lib/catalogue/index.ts';
import type { NotificationsReadPayload } from '@/lib/outbox/senders.ts';
import { useOutboxStore } from '@/lib/outbox/useOutbox.ts';
import { toastError } from '@/lib/toast.ts';
import { fetchNotifications, markAllNotificationsRead, markNotificationsRead } from './api.ts';
import { countUnread, markReadLocally, newestCreatedAt, readUpTo, unreadIds, type AppNotification, type NotificationScope } from './model.ts';

export interface NotificationsState {
  /** Whose list this is ('staff' or a user id), so a different viewer never sees it. */
  owner: string | null;
  items: AppNotification[];
  unread: number;
  loading: boolean;
}

export const NOTIFICATIONS_STORE = 'notifications';

const initial: NotificationsState = { owner: null, items: [], unread: 0, loading: false };

export const useNotificationsStore = create<NotificationsState>()(
  persist(() => initial, {
    name: NOTIFICATIONS_STORE,
    storage: createJSONStorage(() => idbStorage),
    partialize: (s) => ({ owner: s.owner, items: s.items, unread: s.unread }),
    skipHydration: true,
  }),
);

export function ownerKey(scope: NotificationScope): string {
  return scope.kind === 'staff' ? 'staff' : scope.userId;
}

let fetchSeq = 0;

/** Loads the list for `scope`; on failure the list and count reset with an error toast. */
export async function loadNotifications(scope: NotificationScope) {
  const owner = ownerKey(scope);
  const state = useNotificationsStore.getState();
  if (state.owner !== owner) useNotificationsStore.setState({ owner, items: [], unread: 0 });
  useNotificationsStore.setState({ loading: true });
  const seq = ++fetchSeq;
  try {
    const items = withQueuedReads(await fetchNotifications(scope));
    if (seq !== fetchSeq) return;
    useNotificationsStore.setState({ owner, items, unread: countUnread(items), loading: false });
  } catch {
    if (seq !== fetchSeq) return;
    useNotificationsStore.setState({ owner, items: [], unread: 0, loading: false });
    toastError(scope.kind === 'staff' ? t.notifications.errors.staffFetch : t.notifications.errors.userFetch);
  }
}

/** Marks one read; on failure the state stays as it was. Returns whether it worked. */
export async function markOneRead(scope: NotificationScope, id: string): Promise<boolean> {
  const item = useNotificationsStore.getState().items.find((n) => n.id === id);
  if (!item || item.is_read) return true;
  try {
    await markNotificationsRead(scope, [id]);
  } catch {
    toastError(t.notifications.errors.markOne);
    return false;
  }
  const { items, unread } = useNotificationsStore.getState();
  useNotificationsStore.setState(markReadLocally(items, unread, [id]));
  return true;
}

/** A 'Segna tutte come lette' still in the outbox (sent later) already shows: what it covers is read. */
function withQueuedReads(items: AppNotification[]): AppNotification[] {
  const upTo = useOutboxStore
    .getState()
    .entries.filter((e) => e.kind === 'notificationsRead')
    .map((e) => (e.payload as NotificationsReadPayload).upTo);
  return upTo.length ? readUpTo(items, upTo) : items;
}

/**
 * 'Segna tutte come lette', read here at once and sent through the outbox (offline it waits):
 * up to the newest notification shown, so one that arrives meanwhile stays unread.
 */
export async function markAllRead(scope: NotificationScope, userId: string): Promise<void> {
  const { items, unread } = useNotificationsStore.getState();
  const ids = unreadIds(items);
  const upTo = newestCreatedAt(items);
  if (ids.length === 0 || upTo === null) return;
  useNotificationsStore.setState(markReadLocally(items, unread, ids));
  try {
    // The replay's code only now: the bell is on every signed-in page.
    const { enqueue } = await import('@/lib/outbox/enqueue.ts');
    await enqueue('notificationsRead', { upTo }, { userId });
  } catch {
    // No IndexedDB (private mode): sent directly; a failure puts the list back.
    await markAllNotificationsRead(upTo).catch(() => {
      toastError(t.notifications.errors.markAll);
      void loadNotifications(scope);
    });
  }
}

export async function clearNotificationsStore() {
  fetchSeq += 1;
  useNotificationsStore.setState(initial);
  // persist.clearStorage() does not return IndexedDB's promise; the adapter's removeItem does.
  await useNotificationsStore.persist.getOptions().storage?.removeItem(NOTIFICATIONS_STORE);
}
