import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { refetchAfterChange } from '@/lib/realtimeCatchUp.ts';
import { subscribeTable } from '../api.ts';

/** Re-fetches the queries under `queryKey` (and the figures) whenever `table` changes in realtime. */
export function useLiveTable(table: 'tickets' | 'listing_reports', queryKey: readonly unknown[]) {
  const queries = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(
    () =>
      subscribeTable(table, () => {
        void refetchAfterChange(queries, JSON.parse(key) as unknown[]);
        void refetchAfterChange(queries, ['admin', 'overview']);
      }),
    [queries, table, key],
  );
}
