/** The signed-in home's server state: its counts (the balance and name are the own profile's query). */
import { queryOptions, skipToken } from '@tanstack/react-query';
import { fetchDashboardCounts } from './api.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  counts: (userId: string | undefined) => [...dashboardKeys.all, 'counts', userId] as const,
};

/** The viewer's listing and open-ticket counts; waits (skipToken) while there is no viewer. */
export const dashboardCountsQuery = (user: { id: string; email: string } | null) =>
  queryOptions({ queryKey: dashboardKeys.counts(user?.id), queryFn: user ? () => fetchDashboardCounts(user) : skipToken });
