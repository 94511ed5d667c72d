/** The saved searches' server state: the viewer's list, one search, and the changes to them. */
import { useEffect } from 'react';
import { queryOptions, skipToken, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { onOutboxSent } from '@/lib/outbox/pageHost.ts';
import { submitWrite } from '@/lib/outbox/submit.ts';
import { useOutbox } from '@/lib/outbox/useOutbox.ts';
import { deleteSavedSearch, fetchSavedSearch, fetchSavedSearches, saveSearch, updateSavedSearch } from './api.ts';
import { withQueued, type Alert, type SavedSearch, type SearchArgs } from './model.ts';

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  mine: (userId: string | undefined) => [...savedSearchKeys.all, 'mine', userId] as const,
  one: (id: string) => [...savedSearchKeys.all, 'one', id] as const,
};

export const savedSearchesQuery = (user: { id: string } | null) =>
  queryOptions({ queryKey: savedSearchKeys.mine(user?.id), queryFn: user ? () => fetchSavedSearches(user.id) : skipToken });

export const savedSearchQuery = (id: string) => queryOptions({ queryKey: savedSearchKeys.one(id), queryFn: () => fetchSavedSearch(id) });

const KINDS = new Set(['savedSearchCreate', 'savedSearchUpdate', 'savedSearchDelete']);

/**
 * The viewer's saved-search changes still in the outbox: the screens show them as done. After
 * this page sent one, it is applied to the cached list (so it does not blink out) and the list refetches.
 */
export function useQueuedSavedSearches(userId: string | undefined) {
  const queries = useQueryClient();
  useEffect(() => followSent(queries), [queries]);
  return useOutbox().entries.filter((e) => KINDS.has(e.kind) && e.userId === userId);
}

const following = new WeakSet<QueryClient>();

/**
 * For the cache's life, not the screen's: a change sent while another screen showed left the
 * cached list as it was before it, and Ricerche salvate drew that (a rename undone, a deleted
 * search back) until the list went stale.
 */
function followSent(queries: QueryClient) {
  if (following.has(queries)) return;
  following.add(queries);
  onOutboxSent((entry) => {
    if (!KINDS.has(entry.kind)) return;
    queries.setQueryData<SavedSearch[]>(savedSearchKeys.mine(entry.userId ?? undefined), (list) => list && withQueued(list, [entry]));
    void queries.invalidateQueries({ queryKey: savedSearchKeys.all });
  });
}

/**
 * Saves a search through the outbox (offline it waits, already listed); its id is the entry's.
 * A plain call: the search page that offers it has no query client of its own (a visitor's).
 */
export function saveSearchQueued(userId: string, input: { name: string; alert: Alert; filters: SearchArgs }) {
  return submitWrite('savedSearchCreate', input, { userId }, (id) => saveSearch({ id, userId, ...input }));
}

/** Renames a search or changes its alert, through the outbox. */
export function useUpdateSavedSearch(userId: string | null) {
  return useMutation({
    networkMode: 'always',
    mutationFn: ({ id, ...patch }: { id: string; name?: string; alert?: Alert }) =>
      submitWrite('savedSearchUpdate', { id, patch }, { userId }, () => updateSavedSearch(id, patch)),
  });
}

export function useDeleteSavedSearch(userId: string | null) {
  return useMutation({
    networkMode: 'always',
    mutationFn: (id: string) => submitWrite('savedSearchDelete', { id }, { userId }, () => deleteSavedSearch(id)),
  });
}
