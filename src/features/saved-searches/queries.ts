/** The saved searches' server state: the viewer's list, one search, and the changes to them. */
import { queryOptions, skipToken, useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteSavedSearch, fetchSavedSearch, fetchSavedSearches, updateSavedSearch } from './api.ts';
import type { Alert } from './model.ts';

export const savedSearchKeys = {
  all: ['saved-searches'] as const,
  mine: (userId: string | undefined) => [...savedSearchKeys.all, 'mine', userId] as const,
  one: (id: string) => [...savedSearchKeys.all, 'one', id] as const,
};

export const savedSearchesQuery = (user: { id: string } | null) =>
  queryOptions({ queryKey: savedSearchKeys.mine(user?.id), queryFn: user ? () => fetchSavedSearches(user.id) : skipToken });

export const savedSearchQuery = (id: string) => queryOptions({ queryKey: savedSearchKeys.one(id), queryFn: () => fetchSavedSearch(id) });

/** Renames a search or changes its alert; the list refetches. */
export function useUpdateSavedSearch() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...patch }: { id: string; name?: string; alert?: Alert }) => updateSavedSearch(id, patch),
    onSettled: () => queries.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}

export function useDeleteSavedSearch() {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteSavedSearch(id),
    onSettled: () => queries.invalidateQueries({ queryKey: savedSearchKeys.all }),
  });
}
