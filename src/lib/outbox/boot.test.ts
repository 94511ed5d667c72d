import { afterEach, describe, expect, it, vi } from 'vitest';
import { bootOutbox } from './boot.ts';
import { OUTBOX_FLAG, outboxInUse } from './flag.ts';
import { useOutboxStore } from './useOutbox.ts';

// The replay is triggers.ts's business (triggers.test.ts): here only whether a start asks for it.
const triggers = vi.hoisted(() => ({ startOutbox: vi.fn() }));
vi.mock('./triggers.ts', () => triggers);

const entry = (id: string) => ({ id, kind: 'ticketReply', payload: null, userId: 'u1', createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null });

afterEach(async () => {
  vi.restoreAllMocks();
  triggers.startOutbox.mockReset();
  await (await import('./db.ts')).clearAll();
});

describe('the outbox at page start', () => {
  it("opens no database unless marked, and follows another tab's first write", async () => {
    localStorage.removeItem(OUTBOX_FLAG);
    // Loaded beforehand (it opens nothing by itself), so a start that wrongly resumed would have opened the database by now.
    await import('./resume.ts');
    const open = vi.spyOn(indexedDB, 'open');
    bootOutbox();
    await new Promise((r) => setTimeout(r, 50));
    expect(open).not.toHaveBeenCalled();
    // Another tab queues: its write marks the outbox, which this tab hears as a storage event.
    await (await import('./db.ts')).addEntry(entry('other-tab'));
    window.dispatchEvent(new StorageEvent('storage', { key: OUTBOX_FLAG, newValue: '1' }));
    await vi.waitFor(() => expect(useOutboxStore.getState().entries.map((e) => e.id)).toEqual(['other-tab']));
    await vi.waitFor(() => expect(triggers.startOutbox).toHaveBeenCalledTimes(1));
  });

  it("found empty, forgets the worker's token and its mark; with a refusal to show, keeps both and starts the replay", async () => {
    const { addNotice, getMeta, setMeta } = await import('./db.ts');
    const { resumeOutbox } = await import('./resume.ts');
    await setMeta('session', { userId: 'u1', accessToken: 't', expiresAt: 1 });
    expect(outboxInUse()).toBe(true);
    await resumeOutbox();
    expect(await getMeta('session')).toBeUndefined();
    expect(outboxInUse()).toBe(false);
    expect(triggers.startOutbox).not.toHaveBeenCalled();

    await setMeta('session', { userId: 'u1', accessToken: 't', expiresAt: 1 });
    await addNotice('Il ticket è chiuso.');
    await resumeOutbox();
    expect(await getMeta('session')).toBeDefined();
    expect(outboxInUse()).toBe(true);
    expect(triggers.startOutbox).toHaveBeenCalledTimes(1);
  });
});
