import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createQueryClient } from '@/lib/queryClient.ts';
import { pageHost } from '@/lib/outbox/pageHost.ts';
import type { OutboxEntry } from '@/lib/outbox/model.ts';
import type { SavedSearch } from './model.ts';
import { savedSearchKeys, useQueuedSavedSearches } from './queries.ts';

const search = (id: string, name: string) => ({ id, name, alert: 'never', filters: {}, created_at: '2026-12-01T09:00:00Z' }) as unknown as SavedSearch;
const entry = (kind: string, payload: unknown): OutboxEntry => ({ id: 'e1', kind, payload, userId: 'u1', createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null });

describe('useQueuedSavedSearches', () => {
  it('applies a change the outbox sent after Ricerche salvate was left, and marks the list stale', () => {
    const queries = createQueryClient();
    const key = savedSearchKeys.mine('u1');
    queries.setQueryData(key, [search('s1', 'Massaggi a Roma'), search('s2', 'Trans a Torino')]);
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queries}>{children}</QueryClientProvider>;
    renderHook(() => useQueuedSavedSearches('u1'), { wrapper }).unmount();

    pageHost.sent!(entry('savedSearchUpdate', { id: 's1', patch: { name: 'Rinominata in treno' } }));
    pageHost.sent!(entry('savedSearchDelete', { id: 's2' }));

    expect(queries.getQueryData<SavedSearch[]>(key)?.map((s) => s.name)).toEqual(['Rinominata in treno']);
    expect(queries.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
