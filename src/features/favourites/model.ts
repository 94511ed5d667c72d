/** Favourites kept on the device: what a card needs offline, and the changes the account has not heard of yet. */

export type FavouriteState = 'active' | 'paused' | 'expired' | 'removed';

/** What /preferiti shows without a connection. */
export interface FavouriteSnapshot {
  id: string;
  title: string;
  city: string;
  category: string;
  age: number | null;
  photo: string | null;
  /** The photo's renditions and placeholder (issue 44); absent in copies kept before them. */
  photoRenditions?: string | null;
  photoPlaceholder?: string | null;
  /** Its AVIF renditions are made too; absent (false) in copies kept before them. */
  photoAvif?: boolean;
  savedAt: string;
  /** As last heard from the server; 'active' until told otherwise. */
  state: FavouriteState;
}

/** A change made on the device that the account has not recorded yet. */
export type PendingChange = 'add' | 'remove';

export interface FavouritesData {
  /** The account these are a copy of; null for a visitor's own (kept when nobody is signed in). */
  owner: string | null;
  items: Record<string, FavouriteSnapshot>;
  pending: Record<string, PendingChange>;
}

export const emptyFavourites: FavouritesData = { owner: null, items: {}, pending: {} };

/** Kept listings, newest first. */
export function sortedFavourites(data: FavouritesData): FavouriteSnapshot[] {
  return Object.values(data.items).sort((a, b) => b.savedAt.localeCompare(a.savedAt) || a.id.localeCompare(b.id));
}

export function withAdded(data: FavouritesData, item: FavouriteSnapshot): FavouritesData {
  return { owner: data.owner, items: { ...data.items, [item.id]: item }, pending: { ...data.pending, [item.id]: 'add' } };
}

export function withRemoved(data: FavouritesData, id: string): FavouritesData {
  const items = { ...data.items };
  delete items[id];
  return { owner: data.owner, items, pending: { ...data.pending, [id]: 'remove' } };
}

/** The pending changes once the account has recorded `done`. */
export function withoutPending(pending: Record<string, PendingChange>, done: readonly string[]): Record<string, PendingChange> {
  const next = { ...pending };
  for (const id of done) delete next[id];
  return next;
}

/** A server answer for one kept listing (favourite_listings). */
export interface ServerFavourite {
  id: string;
  state: FavouriteState;
  title?: string;
  city?: string;
  category?: string;
  age?: number | null;
  photo?: string | null;
  photo_renditions?: string | null;
  photo_placeholder?: string | null;
  photo_avif?: boolean;
}

/**
 * The device's list after hearing from the server: `accountIds` (with the time each was kept)
 * is the account's list when signed in, else null (the device's list stands). States and the
 * card of active listings come from `server`; a listing never seen on this device and no
 * longer public keeps a card without content. Changes still pending win over the account, and
 * a listing deleted since stays on the device, marked, until the user removes it.
 */
export function reconcile(
  data: FavouritesData,
  server: readonly ServerFavourite[],
  accountIds: readonly { id: string; savedAt: string }[] | null,
  owner: string | null = data.owner,
): FavouritesData {
  const byId = new Map(server.map((s) => [s.id, s]));
  const keep = new Map<string, string>();
  if (accountIds) for (const a of accountIds) if (data.pending[a.id] !== 'remove') keep.set(a.id, a.savedAt);
  // A listing deleted since leaves the account's list with it: the device still shows it, marked.
  for (const item of Object.values(data.items))
    if (!accountIds || data.pending[item.id] === 'add' || byId.get(item.id)?.state === 'removed') keep.set(item.id, item.savedAt);
  const items: Record<string, FavouriteSnapshot> = {};
  for (const [id, savedAt] of keep) {
    const known = data.items[id];
    const s = byId.get(id);
    const base: FavouriteSnapshot = known ?? { id, title: '', city: '', category: '', age: null, photo: null, savedAt, state: 'active' };
    items[id] =
      s?.state === 'active'
        ? { ...base, title: s.title ?? base.title, city: s.city ?? base.city, category: s.category ?? base.category, age: s.age ?? null, photo: s.photo ?? null, photoRenditions: s.photo_renditions ?? null, photoPlaceholder: s.photo_placeholder ?? null, photoAvif: s.photo_avif ?? false, state: 'active' }
        : { ...base, state: s?.state ?? base.state };
  }
  return { owner, items, pending: data.pending };
}
