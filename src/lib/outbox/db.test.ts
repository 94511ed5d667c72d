import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addEntry, addNotice, allEntries, clearAll, clearForUser, clearSignedIn, getMeta, onOutboxChange, setMeta, takeNotices } from './db.ts';

const queue = (id: string, userId: string | null) => addEntry({ id, kind: 'k', payload: null, userId, createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null });
const ids = async () => (await allEntries()).map((e) => e.id);

beforeEach(() => clearAll());

describe('outbox database', () => {
  it('keeps creation order in its key', async () => {
    await queue('first', 'a');
    await queue('second', 'b');
    const [first, second] = await allEntries();
    expect(first!.seq).toBeLessThan(second!.seq!);
  });

  it("forgets one account's writes on its sign-out, and no one else's", async () => {
    await queue('a1', 'a');
    await queue('b1', 'b');
    await queue('visitor', null);
    await clearForUser('a');
    expect(await ids()).toEqual(['b1', 'visitor']);
  });

  it("forgets every account's writes but the one supabase-js still keeps, and the worker's token with them", async () => {
    await queue('a1', 'a');
    await queue('b1', 'b');
    await queue('visitor', null);
    await setMeta('session', { userId: 'b', accessToken: 't', expiresAt: 1 });
    await clearSignedIn('a');
    expect(await ids()).toEqual(['a1', 'visitor']);
    expect(await getMeta('session')).toBeUndefined();
  });

  it('hands over the refusals the worker kept once', async () => {
    await addNotice('Il ticket è chiuso.');
    await addNotice('Annuncio non trovato.');
    expect(await takeNotices()).toEqual(['Il ticket è chiuso.', 'Annuncio non trovato.']);
    expect(await takeNotices()).toEqual([]);
  });

  it('tells listeners in this context about every change', async () => {
    const listener = vi.fn();
    const off = onOutboxChange(listener);
    await queue('a1', 'a');
    await clearForUser('a');
    off();
    await queue('a2', 'a');
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
