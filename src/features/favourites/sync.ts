/**
 * The device and the account agree: changes made here (also offline, also before signing in)
 * go to the account first, then the account's list, with each listing's state, comes back.
 * Without an account only the states are refreshed. Loaded on demand: it brings supabase-js.
 */
import { isOffline } from '@/lib/apiError.ts';
import { addAccountFavourites, fetchAccountFavourites, fetchFavouriteListings, removeAccountFavourites } from './api.ts';
import { reconcile, withoutPending } from './model.ts';
import { useFavouritesStore } from './store.ts';

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
    if (userId) {
      const { pending } = useFavouritesStore.getState();
      const adds = Object.keys(pending).filter((id) => pending[id] === 'add');
      const removes = Object.keys(pending).filter((id) => pending[id] === 'remove');
      // Listings deleted since cannot be kept: the account takes the others.
      const addable = adds.length ? (await fetchFavouriteListings(adds)).filter((s) => s.state !== 'removed').map((s) => s.id) : [];
      await addAccountFavourites(userId, addable);
      await removeAccountFavourites(userId, removes);
      useFavouritesStore.setState((s) => ({ pending: withoutPending(s.pending, [...adds, ...removes]) }));
      accountIds = await fetchAccountFavourites(userId);
    }
    const data = useFavouritesStore.getState();
    const ids = [...new Set([...Object.keys(data.items), ...(accountIds ?? []).map((a) => a.id)])];
    const server = ids.length ? await fetchFavouriteListings(ids) : [];
    useFavouritesStore.setState((s) => reconcile(s, server, accountIds, userId ?? s.owner));
  } catch (err) {
    if (!isOffline(err)) throw err;
  }
}
