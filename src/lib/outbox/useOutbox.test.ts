import { afterEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import type { OutboxEntry } from './model.ts';
import { holdWhileSending, useOutbox, useOutboxStore } from './useOutbox.ts';

const entry = (id: string, kind = 'ticketReply'): OutboxEntry => ({ id, kind, payload: null, userId: 'u1', createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null });

afterEach(() => useOutboxStore.setState({ entries: [], sending: [] }));

describe('useOutbox', () => {
  it('shows no write as waiting while the screen that made it awaits its first attempt, and lists it among all', () => {
    useOutboxStore.setState({ entries: [entry('queued'), entry('in-flight'), entry('batch', 'statsBatch')] });
    const { result } = renderHook(() => useOutbox());
    let release: () => void = () => undefined;
    act(() => {
      release = holdWhileSending('in-flight');
    });
    expect(result.current.byKind('ticketReply').map((e) => e.id)).toEqual(['queued']);
    expect(result.current.count).toBe(1);
    expect(result.current.entries.map((e) => e.id)).toEqual(['queued', 'in-flight', 'batch']);
    // Still there once the attempt is over: it waits for the connection.
    act(() => release());
    expect(result.current.byKind('ticketReply').map((e) => e.id)).toEqual(['queued', 'in-flight']);
    expect(result.current.count).toBe(2);
  });
});
