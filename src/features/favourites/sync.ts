/**
 * The device and the account agree: changes made here (also offline, also before signing in)
 * go to the account through the outbox, in order, then the account's list, with each listing's
 * state, comes back; changes still in the outbox count as pending. Without an account only the
 * states are refreshed. Loaded on demand: it brings supabase-js.
 */
import { isOffline } from '@/lib/apiError.ts';
import { allEntries } from '@/lib/outbox/db.ts';
import type { FavouritePayload } from '@/lib/outbox/senders.ts';
import { addAccountFavourites, fetchAccountFavourites, fetchFavouriteListings, removeAccountFavourites } from './api.ts';
import { reconcile, withoutPending, type PendingChange } from './model.ts';
import { useFavouritesStore } from './store.ts';

let queueing: Promise<void> = Promise.resolve();

/**
 * The device's pending changes into the outbox for `userId`, one at a time in the tab so they
 * leave in the order they were made; a listing deleted since is not added. Without IndexedDB
 * they are sent directly (and stay pending offline).
 */
export function queueFavouriteChanges(userId: string): Promise<void> {
  const next = queueing.then(() => queuePending(userId));
  queueing = next.catch(() => undefined);
  return next;
}

async function queuePending(userId: string): Promise<void> {
  const { pending } = useFavouritesStore.getState();
  if (!Object.keys(pending).length) return;
  const adds = Object.keys(pending).filter((id) => pending[id] === 'add');
  // Listings deleted since cannot be kept (offline: all of them, the server refuses those).
  const gone = new Set(adds.length && navigator.onLine ? await fetchFavouriteListings(adds).then((found) => found.filter((f) => f.state === 'removed').map((f) => f.id), () => []) : []);
  const changes = Object.entries(pending).filter(([id]) => !gone.has(id));
  try {
    const { enqueue } = await import('@/lib/outbox/enqueue.ts');
    for (const [id, change] of changes) await enqueue(change === 'add' ? 'favouriteAdd' : 'favouriteRemove', { listingId: id }, { userId });
  } catch {
    // No IndexedDB (private mode): the account is told now; offline this fails and the changes stay pending.
    const ids = (change: PendingChange) => changes.filter(([, c]) => c === change).map(([id]) => id);
    await addAccountFavourites(userId, ids('add'));
    await removeAccountFavourites(userId, ids('remove'));
  }
  // Sent or queued: those changed again meanwhile stay pending for the next call.
  useFavouritesStore.setState((s) => ({ pending: withoutPending(s.pending, Object.keys(pending).filter((id) => s.pending[id] === pending[id])) }));
}

/** The favourite changes of `userId` still in the outbox, the last one of each listing. */
async function queuedChanges(userId: string): Promise<Record<string, PendingChange>> {
  const queued: Record<string, PendingChange> = {};
  for (const e of await allEntries().catch(() => []))
    if (e.userId === userId && (e.kind === 'favouriteAdd' || e.kind === 'favouriteRemove'))
      queued[(e.payload as FavouritePayload).listingId] = e.kind === 'favouriteAdd' ? 'add' : 'remove';
  return queued;
}

let running: Promise<void> | null = null;

/** One sync at a time; a call during one waits for it. Offline, nothing changes and the changes wait. */
export function syncFavourites(userId: string | null): Promise<void> {
  running ??= run(userId).finally(() => {
    running = null;
  });
  return running;
}

async function run(userId: string | null): Promise<void> {
  try {
    let accountIds: { id: string; savedAt: string }[] | null = null;
    let queued: Record<string, PendingChange> = {};
    if (userId) await queueFavouriteChanges(userId);
    // Offline the requests would only fail (and log): the outbox sends the changes later.
    if (!navigator.onLine) return;
    if (userId) {
      // Read before the account: what leaves the outbox meanwhile is in the account's answer.
      queued = await queuedChanges(userId);
      accountIds = await fetchAccountFavourites(userId);
    }
    const data = useFavouritesStore.getState();
    const ids = [...new Set([...Object.keys(data.items), ...(accountIds ?? []).map((a) => a.id)])];
    const server = ids.length ? await fetchFavouriteListings(ids) : [];
    // The device's own pending changes are newer than the queued ones.
    useFavouritesStore.setState((s) => ({ ...reconcile({ ...s, pending: { ...queued, ...s.pending } }, server, accountIds, userId ?? s.owner), pending: s.pending }));
  } catch (err) {
    if (!isOffline(err)) throw err;
  }
}
