/**
 * A signed-out device forgets the account's favourites on every path out: 'Esci'
 * (clearPersistedState), a sign-out seen in the session store (here, another tab, expiry), and
 * a start with no session. A visitor's own favourites stay.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/features/auth/index.ts';
import { addFavourite, useFavouritesStore } from '@/features/favourites/store.ts';
import { idbStorage } from '@/lib/idbStorage.ts';
import { AUTH_STORAGE_KEY } from '@/lib/authStorage.ts';
import { addEntry, allEntries, clearAll } from '@/lib/outbox/db.ts';
import { FAVOURITES_STORE } from '@/features/favourites/index.ts';
import { clearOnSignOut, clearPersistedState, clearViewerLeftovers } from './stores.ts';

const kept = { id: 'l1', title: 'Annuncio', city: 'Milano', category: 'donne', age: 30, photo: null, savedAt: '2026-11-26T10:00:00Z', state: 'active' as const };

/** The device holds a copy of `owner`'s favourites (null: a visitor's own), in memory and in IndexedDB. */
async function keepFavouritesOf(owner: string | null) {
  useFavouritesStore.setState({ owner, items: {}, pending: {} }, true);
  addFavourite(kept);
  await waitForStored((raw) => raw !== null && raw.includes('"l1"'));
}

async function waitForStored(ok: (raw: string | null) => boolean) {
  for (let i = 0; i < 50; i += 1) {
    if (ok(await idbStorage.getItem(FAVOURITES_STORE))) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error('IndexedDB never reached the expected state');
}

const signIn = (id: string) => useSessionStore.setState({ user: { id, email: `${id}@example.test` }, role: 'user' });

async function expectForgotten() {
  await waitForStored((raw) => raw === null || !raw.includes('"l1"'));
  expect(useFavouritesStore.getState()).toEqual({ owner: null, items: {}, pending: {} });
}

let stop: (() => void) | undefined;
afterEach(async () => {
  stop?.();
  stop = undefined;
  useSessionStore.setState({ user: null, role: null });
  await clearPersistedState();
});

describe('favourites on sign-out', () => {
  it("'Esci' forgets the account's favourites, in memory and on the device", async () => {
    signIn('u1');
    await keepFavouritesOf('u1');
    await clearPersistedState();
    await expectForgotten();
  });

  it('a sign-out seen by the session store (another tab, an expired session) forgets them', async () => {
    stop = clearOnSignOut();
    signIn('u1');
    await keepFavouritesOf('u1');
    useSessionStore.setState({ user: null, role: null });
    await expectForgotten();
  });

  it('another account signing in on the device does not see the previous one\'s', async () => {
    stop = clearOnSignOut();
    signIn('u1');
    await keepFavouritesOf('u1');
    signIn('u2');
    await expectForgotten();
  });

  it('a start without a session forgets an account\'s copy and keeps a visitor\'s own', async () => {
    await keepFavouritesOf('u1');
    await clearViewerLeftovers();
    await expectForgotten();

    await keepFavouritesOf(null);
    await clearViewerLeftovers();
    expect(Object.keys(useFavouritesStore.getState().items)).toEqual(['l1']);
  });
});

describe('queued writes on sign-out', () => {
  const queue = (id: string, userId: string | null) => addEntry({ id, kind: 'ticketReply', payload: null, userId, createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null });
  const waiting = async () => (await allEntries()).map((e) => e.id);
  const settle = () => new Promise((r) => setTimeout(r, 50));

  afterEach(async () => {
    localStorage.removeItem(AUTH_STORAGE_KEY);
    await clearAll();
  });

  it("'Esci' drops every account's writes and keeps a visitor's", async () => {
    await queue('reply', 'u1');
    await queue('visit', null);
    await clearPersistedState();
    expect(await waiting()).toEqual(['visit']);
  });

  it('a sign-out seen by the session store drops that account\'s writes', async () => {
    stop = clearOnSignOut();
    signIn('u1');
    await queue('reply', 'u1');
    useSessionStore.setState({ user: null, role: null });
    await settle();
    expect(await waiting()).toEqual([]);
  });

  it('an offline start with an expired token (supabase-js still keeps the session) keeps them', async () => {
    localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'x', user: { id: 'u1' } }));
    stop = clearOnSignOut();
    signIn('u1');
    await queue('reply', 'u1');
    await queue('other', 'u2');
    useSessionStore.setState({ user: null, role: null });
    await clearViewerLeftovers();
    await settle();
    expect(await waiting()).toEqual(['reply']);
  });
});
