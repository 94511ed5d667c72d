import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * A channel's `subscribe` callback that calls `onChange` each time the channel has joined: the
 * first time, for the changes made between the screen's first read and the join, which the
 * channel never sees; again after a reconnect, for those made while it was away. Without it a
 * report filed in that gap stayed off the staff's list until the next change.
 */
export function catchUpOnJoin(onChange: () => void): (status: string) => void {
  return (status) => {
    if (status === 'SUBSCRIBED') onChange();
  };
}

/**
 * Reads the queries under `queryKey` again after a realtime change or a join. A read in flight
 * may predate the change, and invalidateQueries joins it rather than start another while the
 * query has no data yet (its first read): the change was lost (a report filed as Segnalazioni
 * opened never showed; issue 43, item 14). So that read is cancelled and a new one started.
 */
export async function refetchAfterChange(queries: QueryClient, queryKey: QueryKey): Promise<void> {
  await queries.cancelQueries({ queryKey });
  await queries.invalidateQueries({ queryKey });
}
