/** Favourites' calls: the state and card of kept listings (public), and the account's list. */
import { unwrap } from '@/lib/apiError.ts';
import { loadSupabase } from '@/lib/backend.ts';
import { publicRest } from '@/lib/publicRest.ts';
import type { ServerFavourite } from './model.ts';

const BATCH = 100;

/** Each kept listing's state, with its card when it is public; 100 ids a request. */
export async function fetchFavouriteListings(ids: readonly string[]): Promise<ServerFavourite[]> {
  const out: ServerFavourite[] = [];
  for (let i = 0; i < ids.length; i += BATCH) {
    const data = await unwrap(publicRest.rpc('favourite_listings', { p_ids: ids.slice(i, i + BATCH) }));
    out.push(...((data ?? []) as unknown as ServerFavourite[]));
  }
  return out;
}

/** The account's favourites with when each was kept. */
export async function fetchAccountFavourites(userId: string): Promise<{ id: string; savedAt: string }[]> {
  const supabase = await loadSupabase();
  const rows = await unwrap(supabase.from('favourites').select('listing_id, created_at').eq('user_id', userId).order('created_at', { ascending: false }));
  return rows.map((r) => ({ id: r.listing_id, savedAt: r.created_at }));
}

/** Records kept listings in the account (already kept ones stay as they are). */
export async function addAccountFavourites(userId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const supabase = await loadSupabase();
  await unwrap(supabase.from('favourites').upsert(ids.map((listing_id) => ({ user_id: userId, listing_id })), { onConflict: 'user_id,listing_id', ignoreDuplicates: true }));
}

export async function removeAccountFavourites(userId: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const supabase = await loadSupabase();
  await unwrap(supabase.from('favourites').delete().eq('user_id', userId).in('listing_id', [...ids]));
}
