/**
 * Signing in merges the device's favourites into the account. The server is played by an
 * in-memory account behind api.ts and an outbox that sends at once (what this test is not
 * about); the merge itself, the store and the model are the real ones.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerFavourite } from './model.ts';

const account = new Map<string, string>();
const states = new Map<string, ServerFavourite['state']>();

vi.mock('./api.ts', () => ({
  fetchFavouriteListings: async (ids: readonly string[]) =>
    ids.map((id): ServerFavourite => (states.get(id) === 'active' || !states.has(id) ? { id, state: 'active', title: `Titolo ${id}`, city: 'Milano', category: 'donne', age: 30, photo: null } : { id, state: states.get(id)! })),
  fetchAccountFavourites: async () => [...account].map(([id, savedAt]) => ({ id, savedAt })).sort((a, b) => b.savedAt.localeCompare(a.savedAt)),
  addAccountFavourites: async (_user: string, ids: readonly string[]) => {
    for (const id of ids) if (!account.has(id)) account.set(id, '2026-11-26T12:00:00Z');
  },
  removeAccountFavourites: async (_user: string, ids: readonly string[]) => {
    for (const id of ids) account.delete(id);
  },
}));

const queued: { kind: string; listingId: string; userId: string | null }[] = [];
vi.mock('@/lib/outbox/enqueue.ts', () => ({
  enqueue: async (kind: string, { listingId }: { listingId: string }, { userId }: { userId: string | null }) => {
    queued.push({ kind, listingId, userId });
    if (kind === 'favouriteAdd' && !account.has(listingId)) account.set(listingId, '2026-11-26T12:00:00Z');
    if (kind === 'favouriteRemove') account.delete(listingId);
  },
}));
/** Entries the outbox still holds (not sent yet). */
const waiting: { kind: string; payload: { listingId: string }; userId: string }[] = [];
vi.mock('@/lib/outbox/db.ts', () => ({ allEntries: async () => waiting }));

const { syncFavourites } = await import('./sync.ts');
const { addFavourite, removeFavourite, useFavouritesStore } = await import('./store.ts');

const snapshot = (id: string, savedAt: string) => ({ id, title: `Titolo ${id}`, city: 'Milano', category: 'donne', age: 30, photo: null, savedAt, state: 'active' as const });

beforeEach(() => {
  queued.length = 0;
  waiting.length = 0;
  account.clear();
  states.clear();
  useFavouritesStore.setState({ owner: null, items: {}, pending: {} }, true);
});

describe('syncFavourites on sign-in', () => {
  it("keeps a visitor's favourites: they join the account's, and the device shows both", async () => {
    account.set('kept-before', '2026-11-20T09:00:00Z');
    addFavourite(snapshot('a', '2026-11-26T08:00:00Z'));
    addFavourite(snapshot('b', '2026-11-26T09:00:00Z'));

    await syncFavourites('u1');

    expect(queued).toEqual([
      { kind: 'favouriteAdd', listingId: 'a', userId: 'u1' },
      { kind: 'favouriteAdd', listingId: 'b', userId: 'u1' },
    ]);
    expect([...account.keys()].sort()).toEqual(['a', 'b', 'kept-before']);
    const s = useFavouritesStore.getState();
    expect(s.owner).toBe('u1');
    expect(Object.keys(s.items).sort()).toEqual(['a', 'b', 'kept-before']);
    expect(s.pending).toEqual({});
  });

  it('a listing deleted since stays on the device, marked, and is not sent; a removal made before signing in reaches the account', async () => {
    account.set('dropped-here', '2026-11-20T09:00:00Z');
    states.set('gone', 'removed');
    addFavourite(snapshot('gone', '2026-11-26T08:00:00Z'));
    useFavouritesStore.setState((s) => ({ ...s, items: { ...s.items, 'dropped-here': snapshot('dropped-here', '2026-11-20T09:00:00Z') } }));
    removeFavourite('dropped-here');

    await syncFavourites('u1');

    expect(queued).toEqual([{ kind: 'favouriteRemove', listingId: 'dropped-here', userId: 'u1' }]);
    expect([...account.keys()]).toEqual([]);
    const s = useFavouritesStore.getState();
    expect(Object.values(s.items).map((i) => [i.id, i.state])).toEqual([['gone', 'removed']]);
    expect(s.pending).toEqual({});
  });

  it('a favourite still waiting in the outbox stays on the device although the account has not heard of it yet', async () => {
    useFavouritesStore.setState({ owner: 'u1', items: { w: snapshot('w', '2026-11-26T08:00:00Z') }, pending: {} });
    waiting.push({ kind: 'favouriteAdd', payload: { listingId: 'w' }, userId: 'u1' });

    await syncFavourites('u1');

    expect(Object.keys(useFavouritesStore.getState().items)).toEqual(['w']);
  });
});
