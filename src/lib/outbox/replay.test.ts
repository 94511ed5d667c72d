import { beforeEach, describe, expect, it, vi } from 'vitest';
import { addEntry, allEntries, clearAll, clearForUser } from './db.ts';
import type { OutboxEntry, SendResult } from './model.ts';
import { registerSenders, runReplay, type ReplayHost } from './replay.ts';

const host = (over: Partial<ReplayHost> = {}): ReplayHost => ({
  credentials: async () => ({ url: 'http://api', anonKey: 'anon', token: 'token' }),
  refresh: async () => null,
  dropped: vi.fn(),
  ...over,
});

const queue = (id: string, userId: string | null, kind = 'test', over: Partial<OutboxEntry> = {}) =>
  addEntry({ id, kind, payload: { id }, userId, createdAt: Date.now(), attempts: 0, nextAttemptAt: 0, lastError: null, ...over });

let sent: string[] = [];
let answer: (id: string) => SendResult = () => 'sent';
/** How long a send takes: long enough for two replays to overlap. */
let sendMs = 0;

beforeEach(async () => {
  await clearAll();
  sent = [];
  answer = () => 'sent';
  sendMs = 0;
  registerSenders({
    test: async (entry: OutboxEntry<{ id: string }>) => {
      sent.push(entry.payload.id);
      if (sendMs) await new Promise((r) => setTimeout(r, sendMs));
      return answer(entry.payload.id);
    },
  });
});

describe('runReplay', () => {
  it("sends each user's entries in creation order and removes them", async () => {
    await queue('ticket', 'a');
    await queue('visit', null);
    await queue('reply', 'a');
    expect(await runReplay(host())).toEqual({ sent: 3, retried: 0, dropped: 0 });
    expect(sent).toEqual(['ticket', 'reply', 'visit']);
    expect(await allEntries()).toEqual([]);
  });

  it("keeps a network failure with its backoff and holds that user's later entries, not another user's", async () => {
    answer = (id) => (id === 'ticket' ? 'retry' : 'sent');
    await queue('ticket', 'a');
    await queue('reply', 'a');
    await queue('other', 'b');
    expect(await runReplay(host(), { now: () => 1_000, random: () => 0.5 })).toEqual({ sent: 1, retried: 1, dropped: 0 });
    expect(sent).toEqual(['ticket', 'other']);
    const [ticket, reply] = await allEntries();
    expect(ticket).toMatchObject({ id: 'ticket', attempts: 1, nextAttemptAt: 6_000, lastError: 'retry' });
    expect(reply).toMatchObject({ id: 'reply', attempts: 0 });
    // Before the backoff ends nothing of that lane leaves.
    sent = [];
    await runReplay(host(), { now: () => 2_000 });
    expect(sent).toEqual([]);
  });

  it('drops a refusal that will not change and tells the user, then goes on', async () => {
    answer = (id) => (id === 'reply' ? { drop: 'Il ticket è chiuso.' } : 'sent');
    await queue('reply', 'a');
    await queue('report', 'a');
    const dropped = vi.fn();
    expect(await runReplay(host({ dropped }))).toEqual({ sent: 1, retried: 0, dropped: 1 });
    expect(dropped).toHaveBeenCalledWith(expect.objectContaining({ id: 'reply' }), 'Il ticket è chiuso.');
    expect(await allEntries()).toEqual([]);
  });

  it('drops without a word when the sender says so (a statistics batch)', async () => {
    answer = () => ({ drop: null });
    await queue('batch', null);
    const dropped = vi.fn();
    await runReplay(host({ dropped }));
    expect(dropped).not.toHaveBeenCalled();
    expect(await allEntries()).toEqual([]);
  });

  it('leaves an entry waiting, untouched, while no session can be had for its user', async () => {
    await queue('reply', 'a');
    await queue('visit', null);
    await runReplay(host({ credentials: async (userId) => (userId === null ? { url: 'u', anonKey: 'k', token: 'k' } : null) }));
    expect(sent).toEqual(['visit']);
    expect(await allEntries()).toMatchObject([{ id: 'reply', attempts: 0 }]);
  });

  it('keeps an entry whose sender threw (a bug must not lose the write)', async () => {
    registerSenders({ broken: async () => Promise.reject(new Error('boom')) });
    await queue('x', 'a', 'broken');
    await runReplay(host());
    expect(await allEntries()).toMatchObject([{ id: 'x', attempts: 1, lastError: 'boom' }]);
  });

  it('does not send an entry cleared while the replay runs (a sign-out)', async () => {
    answer = (id) => {
      if (id === 'first') void clearForUser('a');
      return 'sent';
    };
    sendMs = 30;
    await queue('first', 'a');
    await queue('second', 'a');
    await runReplay(host());
    expect(sent).toEqual(['first']);
  });

  it("holds a user's later entries behind one of a kind this version cannot send", async () => {
    await queue('old', 'a', 'removedKind');
    await queue('reply', 'a');
    await runReplay(host());
    expect(sent).toEqual([]);
  });

  it('sends an entry once when two replays start together (two tabs, no Web Locks)', async () => {
    sendMs = 30;
    await queue('reply', 'a');
    await Promise.all([runReplay(host()), runReplay(host())]);
    expect(sent).toEqual(['reply']);
  });
});

describe('runReplay with the Web Locks API', () => {
  it('lets a second replay wait its turn, which finds the entry already sent', async () => {
    let chain: Promise<unknown> = Promise.resolve();
    const locks = { request: (_name: string, run: () => Promise<unknown>) => (chain = chain.then(run)) };
    Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
    try {
      sendMs = 30;
      await queue('reply', 'a');
      const [first, second] = await Promise.all([runReplay(host()), runReplay(host())]);
      expect(sent).toEqual(['reply']);
      expect([first?.sent, second?.sent]).toEqual([1, 0]);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});
