import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addEntry, allEntries, clearAll } from './db.ts';
import type { OutboxEntry } from './model.ts';
import { registerSenders } from './replay.ts';
import { replayOutbox, startOutbox } from './triggers.ts';

let sent: string[] = [];
let release: () => void = () => undefined;
let hold = false;

// A visitor's entries: the page sends them with the anon key, without supabase-js.
const queue = (id: string) => addEntry({ id, kind: 'test', payload: null, userId: null, createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null });
const online = (value: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value);

beforeEach(async () => {
  await clearAll();
  sent = [];
  hold = false;
  registerSenders({
    test: async (entry: OutboxEntry) => {
      sent.push(entry.id);
      if (hold) await new Promise<void>((r) => (release = r));
      return 'sent';
    },
  });
});

afterEach(() => vi.restoreAllMocks());

describe('the page triggers', () => {
  it('sends nothing offline, and what waits when the network comes back', async () => {
    online(false);
    startOutbox();
    await queue('a');
    await replayOutbox();
    expect(sent).toEqual([]);
    online(true);
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(sent).toEqual(['a']));
    await vi.waitFor(async () => expect(await allEntries()).toEqual([]));
  });

  it('runs once more after a replay that a trigger interrupted, sending each entry once', async () => {
    online(true);
    hold = true;
    await queue('a');
    const first = replayOutbox();
    await vi.waitFor(() => expect(sent).toEqual(['a']));
    await queue('b');
    const second = replayOutbox();
    hold = false;
    release();
    await Promise.all([first, second]);
    expect(sent).toEqual(['a', 'b']);
    expect(await allEntries()).toEqual([]);
  });
});
