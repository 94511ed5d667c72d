/** The saved searches' backend calls: the viewer's own rows of saved_searches (RLS). */
import { unwrap } from '@/lib/apiError.ts';
import { supabase } from '@/lib/supabase.ts';
import { isUuid } from '@/lib/uuid.ts';
import type { Alert, SavedSearch, SearchArgs } from './model.ts';

const columns = 'id, name, alert, filters, created_at';

export async function fetchSavedSearches(userId: string): Promise<SavedSearch[]> {
  const rows = await unwrap(supabase.from('saved_searches').select(columns).eq('user_id', userId).order('created_at', { ascending: false }));
  return rows.map((r) => ({ ...r, filters: r.filters as SearchArgs }));
}

/** One saved search, or null when it is gone (or not the viewer's). */
export async function fetchSavedSearch(id: string): Promise<SavedSearch | null> {
  if (!isUuid(id)) return null;
  const row = await unwrap(supabase.from('saved_searches').select(columns).eq('id', id).maybeSingle());
  return row ? { ...row, filters: row.filters as SearchArgs } : null;
}

/**
 * Saves a search. With `id` (made by the app when the user saved) a copy sent again saves
 * nothing more and succeeds alike (docs/decisions/1008-offline-writes-applied-once.md).
 */
export async function saveSearch(input: { id?: string; userId: string; name: string; alert: Alert; filters: SearchArgs }): Promise<void> {
  const row = { id: input.id, user_id: input.userId, name: input.name, alert: input.alert, filters: input.filters };
  await unwrap(input.id ? supabase.from('saved_searches').upsert(row, { onConflict: 'id', ignoreDuplicates: true }) : supabase.from('saved_searches').insert(row));
}

export async function updateSavedSearch(id: string, patch: { name?: string; alert?: Alert }): Promise<void> {
  await unwrap(supabase.from('saved_searches').update(patch).eq('id', id).select('id').single());
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await unwrap(supabase.from('saved_searches').delete().eq('id', id));
}
