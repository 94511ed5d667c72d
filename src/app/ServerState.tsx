import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '@/lib/queryClient.ts';
import { useSessionStore } from '@/features/auth/index.ts';

// A different account (or none) starts from an empty cache, so nobody sees the previous
// user's rows on a shared phone. Subscribed once, when the first signed-in screen loads.
let cachedFor = useSessionStore.getState().user?.id ?? null;
useSessionStore.subscribe((s) => {
  const userId = s.user?.id ?? null;
  if (userId === cachedFor) return;
  cachedFor = userId;
  queryClient.clear();
});

/** The query cache for a signed-in screen: every screen shares the one client, so going back shows its data at once. */
export function ServerState({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
