/**
 * Favourites: each user reads, adds and removes only their own; visitors and banned users
 * write nothing; favourite_listings tells every kept listing's state without showing what the
 * public may not read.
 */
import { describe, expect, it } from 'vitest';
import { client } from '../support/clients.ts';
import { admin, expectError, expectOk, photoUrl } from '../support/db.ts';
import { makeListing, makeUser } from '../support/factories.ts';

describe('favourites', () => {
  it('stop at 500 per user: the 501st is refused in Italian, added alone or merged in bulk', async () => {
    const [owner, u] = await Promise.all([makeUser(), makeUser()]);
    const rows = Array.from({ length: 502 }, (_, i) => ({
      user_id: owner.id, title: `Annuncio numero ${i}`, category: 'donne', city: 'Milano', age: 30,
      description: 'Una descrizione abbastanza lunga.', slug: `limite-${owner.id}-${i}`,
    }));
    const ids = (expectOk(await admin().from('listings').insert(rows).select('id')) ?? []).map((r) => r.id as string);
    const keep = (some: string[]) => some.map((listing_id) => ({ user_id: u.id, listing_id }));
    // The app's merge on sign-in is one upsert of many rows.
    expectOk(await u.client.from('favourites').upsert(keep(ids.slice(0, 500)), { onConflict: 'user_id,listing_id', ignoreDuplicates: true }));
    const full = 'Hai raggiunto il numero massimo di preferiti (500).';
    expectError(await u.client.from('favourites').insert(keep([ids[500]!])), full, 'P0001');
    expectError(await u.client.from('favourites').upsert(keep(ids.slice(499)), { onConflict: 'user_id,listing_id', ignoreDuplicates: true }), full, 'P0001');
    // An offline add sent again at the cap is no addition: it succeeds (1008).
    expectOk(await u.client.from('favourites').upsert(keep([ids[499]!]), { onConflict: 'user_id,listing_id', ignoreDuplicates: true }));
    const { count } = await admin().from('favourites').select('*', { count: 'exact', head: true }).eq('user_id', u.id);
    expect(count).toBe(500);
  });

  it('are private to their owner', async () => {
    const [owner, a, b] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const listing = await makeListing(owner);
    expectOk(await a.client.from('favourites').insert({ user_id: a.id, listing_id: listing.id }));
    // Someone else's row cannot be written, read or removed.
    expectError(await b.client.from('favourites').insert({ user_id: a.id, listing_id: listing.id }), /row-level security/);
    expect(expectOk(await b.client.from('favourites').select('*'))).toEqual([]);
    expect((await b.client.from('favourites').delete().eq('user_id', a.id).select()).data ?? []).toEqual([]);
    const stored = expectOk(await admin().from('favourites').select('user_id, listing_id').eq('listing_id', listing.id));
    expect(stored).toEqual([{ user_id: a.id, listing_id: listing.id }]);
    expect(expectOk(await a.client.from('favourites').select('listing_id'))).toEqual([{ listing_id: listing.id }]);
    // A visitor has none and writes none.
    expectError(await client().from('favourites').insert({ user_id: a.id, listing_id: listing.id }), /permission denied|row-level security/);
    expect((await client().from('favourites').select('*')).data ?? []).toEqual([]);
    // The owner removes it.
    expect(expectOk(await a.client.from('favourites').delete().eq('listing_id', listing.id).select())).toHaveLength(1);
    expect(expectOk(await admin().from('favourites').select('user_id').eq('listing_id', listing.id))).toEqual([]);
  });

  it('a banned user reads his but changes nothing', async () => {
    const [owner, u] = await Promise.all([makeUser(), makeUser()]);
    const listing = await makeListing(owner);
    expectOk(await u.client.from('favourites').insert({ user_id: u.id, listing_id: listing.id }));
    expectOk(await admin().from('profiles').update({ role: 'banned' }).eq('id', u.id));
    expect(expectOk(await u.client.from('favourites').select('listing_id'))).toHaveLength(1);
    expect((await u.client.from('favourites').delete().eq('listing_id', listing.id).select()).data ?? []).toEqual([]);
    expect(expectOk(await admin().from('favourites').select('user_id').eq('user_id', u.id))).toHaveLength(1);
    const other = await makeListing(owner);
    expectError(await u.client.from('favourites').insert({ user_id: u.id, listing_id: other.id }), /row-level security/);
  });

  it('favourite_listings: active with its card, paused and expired without content, deleted as removed', async () => {
    const owner = await makeUser();
    // One after the other: each tops the owner's credits up first.
    const [active, paused, expired, deleted] = [await makeListing(owner), await makeListing(owner), await makeListing(owner), await makeListing(owner)];
    expectOk(await admin().from('listings').update({ is_paused: true, paused_at: new Date().toISOString() }).eq('id', paused.id));
    expectOk(await admin().from('listings').update({ expires_at: new Date(Date.now() - 3600_000).toISOString() }).eq('id', expired.id));
    expectOk(await admin().from('listings').delete().eq('id', deleted.id));
    const withPhoto = await makeListing(owner);
    // Its card draws the first photo's renditions and placeholder (issue 44), as search's cards do.
    const renditions = `${owner.id}/${withPhoto.id}/${'ab12'.repeat(5)}`;
    const url = photoUrl(owner.id, withPhoto.id);
    expectOk(await admin().from('listing_photos').insert({ listing_id: withPhoto.id, url, is_primary: true, renditions, placeholder: 'Gx0GBYBvqIiHiHeIh4iHeIiIeA' }));
    const ids = [active.id, paused.id, expired.id, deleted.id, active.id, withPhoto.id];
    const data = expectOk(await client().rpc('favourite_listings', { p_ids: ids })) as Record<string, unknown>[];
    expect(data).toEqual([
      { id: active.id, state: 'active', title: active.title, city: 'Milano', category: 'donne', age: 27, photo: null },
      { id: paused.id, state: 'paused' },
      { id: expired.id, state: 'expired' },
      { id: deleted.id, state: 'removed' },
      expect.objectContaining({ id: withPhoto.id, state: 'active', photo: url, photo_renditions: renditions, photo_placeholder: 'Gx0GBYBvqIiHiHeIh4iHeIiIeA' }),
    ]);
  });

  it('favourite_listings answers at most 100 ids a call', async () => {
    const ids = Array.from({ length: 101 }, () => crypto.randomUUID());
    expectError(await client().rpc('favourite_listings', { p_ids: ids }), 'Puoi chiedere al massimo 100 annunci alla volta.');
  });
});
