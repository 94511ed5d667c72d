import { describe, expect, it } from 'vitest';
import { emptyFavourites, reconcile, sortedFavourites, withAdded, withoutPending, withRemoved, type FavouriteSnapshot } from './model.ts';

const item = (id: string, savedAt = '2026-11-20T10:00:00Z', extra: Partial<FavouriteSnapshot> = {}): FavouriteSnapshot => ({
  id, title: `Annuncio ${id}`, city: 'Milano', category: 'donne', age: 28, photo: null, savedAt, state: 'active', ...extra,
});

describe('favourites on the device', () => {
  it('adds and removes, remembering what the account has not heard', () => {
    const a = withAdded(emptyFavourites, item('a'));
    expect(a.pending).toEqual({ a: 'add' });
    const b = withRemoved(a, 'a');
    expect(b.items).toEqual({});
    expect(b.pending).toEqual({ a: 'remove' });
    expect(withoutPending(b.pending, ['a'])).toEqual({});
  });

  it('lists the newest first', () => {
    const data = withAdded(withAdded(emptyFavourites, item('old', '2026-11-01T00:00:00Z')), item('new', '2026-11-22T00:00:00Z'));
    expect(sortedFavourites(data).map((i) => i.id)).toEqual(['new', 'old']);
  });
});

describe('reconcile', () => {
  it('for a visitor keeps the device list and takes each state from the server', () => {
    const data = withAdded(withAdded(emptyFavourites, item('a')), item('b'));
    const next = reconcile(data, [{ id: 'a', state: 'paused' }, { id: 'b', state: 'active', title: 'Nuovo titolo', city: 'Roma', category: 'donne', age: 30, photo: 'p.jpg', photo_renditions: 'u/l/k', photo_placeholder: 'Gx0G', photo_avif: true }], null);
    expect(next.items.a).toMatchObject({ state: 'paused', title: 'Annuncio a' });
    expect(next.items.b).toMatchObject({ state: 'active', title: 'Nuovo titolo', city: 'Roma', photo: 'p.jpg', photoRenditions: 'u/l/k', photoPlaceholder: 'Gx0G', photoAvif: true });
    expect(next.owner).toBeNull();
    // An answer without the field (a server before it): no AVIF.
    expect(reconcile(data, [{ id: 'b', state: 'active', photo: 'p.jpg', photo_renditions: 'u/l/k' }], null).items.b).toMatchObject({ photoAvif: false });
  });

  it('signed in: the account list, a pending add kept, a pending removal not brought back', () => {
    const data = { owner: 'u', items: { kept: item('kept'), gone: item('gone'), fresh: item('fresh') }, pending: { fresh: 'add' as const, dropped: 'remove' as const } };
    const account = [{ id: 'kept', savedAt: '2026-11-20T10:00:00Z' }, { id: 'dropped', savedAt: '2026-11-19T10:00:00Z' }, { id: 'other', savedAt: '2026-11-21T10:00:00Z' }];
    const server = [{ id: 'kept', state: 'active' as const, title: 'Kept' }, { id: 'other', state: 'active' as const, title: 'Da un altro telefono', city: 'Napoli', category: 'donne', age: 25, photo: null }, { id: 'fresh', state: 'active' as const }];
    const next = reconcile(data, server, account, 'u');
    expect(Object.keys(next.items).sort()).toEqual(['fresh', 'kept', 'other']);
    expect(next.items.other).toMatchObject({ title: 'Da un altro telefono', savedAt: '2026-11-21T10:00:00Z' });
  });

  it('a listing deleted since stays on the device, marked, even when the account dropped it', () => {
    const data = { owner: 'u', items: { a: item('a') }, pending: {} };
    const next = reconcile(data, [{ id: 'a', state: 'removed' }], [], 'u');
    expect(next.items.a).toMatchObject({ state: 'removed', title: 'Annuncio a' });
  });
});
