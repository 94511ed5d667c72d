import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addEntry, allEntries, clearAll, setMeta } from '../lib/outbox/db.ts';
import { registerOutboxSync, workerHost } from './outbox.ts';

const api = { url: 'http://api', anonKey: 'anon' };

beforeEach(async () => {
  await clearAll();
  await setMeta('api', api);
});

describe('workerHost', () => {
  it("sends a visitor's write with the anon key", async () => {
    expect(await workerHost.credentials(null)).toEqual({ ...api, token: 'anon' });
  });

  it("uses the token the page left while it is valid, and only for that token's user", async () => {
    await setMeta('session', { userId: 'u1', accessToken: 'tok', expiresAt: Date.now() + 30 * 60_000 });
    expect(await workerHost.credentials('u1')).toEqual({ ...api, token: 'tok' });
    expect(await workerHost.credentials('u2')).toBeNull();
  });

  it('leaves an entry to the page when the token is about to expire, and never refreshes it', async () => {
    await setMeta('session', { userId: 'u1', accessToken: 'tok', expiresAt: Date.now() + 30_000 });
    expect(await workerHost.credentials('u1')).toBeNull();
    expect(await workerHost.refresh('u1')).toBeNull();
  });
});

describe('the sync event', () => {
  registerOutboxSync();
  const pages: { postMessage: (m: unknown) => void }[] = [];
  Object.defineProperty(self, 'clients', { value: { matchAll: async () => pages }, configurable: true });

  afterEach(() => {
    pages.length = 0;
    vi.unstubAllGlobals();
  });

  async function fireSync(): Promise<unknown> {
    let done: Promise<unknown> = Promise.resolve();
    self.dispatchEvent(Object.assign(new Event('sync'), { tag: 'outbox', waitUntil: (p: Promise<unknown>) => (done = p) }));
    return done.then(() => 'resolved', (e: unknown) => e);
  }

  it('asks an open page to replay (its supabase-js owns the session) and sends nothing itself', async () => {
    const postMessage = vi.fn();
    pages.push({ postMessage });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await addEntry({ id: 'v1', kind: 'statsBatch', payload: { device: 'd', events: [] }, userId: null, createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null });
    expect(await fireSync()).toBe('resolved');
    expect(postMessage).toHaveBeenCalledWith({ type: 'OUTBOX_REPLAY' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends itself with no page open, and fails the event while entries still wait so the browser fires it again', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('1', { status: 200 })));
    await addEntry({ id: 'v1', kind: 'statsBatch', payload: { device: 'd', events: [] }, userId: null, createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null });
    await addEntry({ id: 'r1', kind: 'ticketReply', payload: { ticketId: 't', body: 'b' }, userId: 'u1', createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null });
    expect(await fireSync()).toBeInstanceOf(Error);
    // The visitor's batch left; the reply waits for a token only the page can renew.
    expect((await allEntries()).map((e) => e.id)).toEqual(['r1']);
  });
});
