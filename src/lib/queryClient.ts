/**
 * The one server-state cache of the signed-in screens (TanStack Query). Imported only by
 * signed-in screens and their dialogs, never by the visitor's first route, so its code loads
 * with the first signed-in screen.
 */
import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from './apiError.ts';
import { common } from './catalogue/common.ts';

/** A failure that asking again may fix: the network, or the server's unexpected error. Twice at most. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  return !(error instanceof ApiError) || error.kind === 'offline' || error.kind === 'unexpected';
}

/**
 * A write that spends credits or money (promote, buy, coupons) is never kept for later, not
 * even paused until the network returns: offline it fails at once with the Italian offline
 * message, which the screen shows beside its untouched form.
 */
export function spendsMoney<A, R>(send: (args: A) => Promise<R>) {
  return {
    networkMode: 'always' as const,
    mutationFn: (args: A) => (navigator.onLine ? send(args) : Promise.reject(new ApiError('offline', common.apiErrors.offline))),
  };
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A phone switching back to the app sees fresh data without a refetch on every mount.
        staleTime: 30_000,
        retry: shouldRetry,
        // 'online' (the default) pauses a query while offline and resumes it on reconnect.
        networkMode: 'online',
      },
      // A mutation is sent once: repeating a payment or a publication is the server's call, not ours.
      mutations: { retry: false, networkMode: 'online' },
    },
  });
}

// TanStack Query starts out online and then follows the online/offline events: a page opened
// offline would send a mutation to fail instead of holding it until the network is back.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

export const queryClient = createQueryClient();
