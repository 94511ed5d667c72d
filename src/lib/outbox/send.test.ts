import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxEntry } from './model.ts';
import { sendContext } from './send.ts';
import { outboxSenders } from './senders.ts';

const credentials = { url: 'http://api', anonKey: 'anon', token: 'old' };
const json = (status: number, body: unknown) => new Response(body === null ? null : JSON.stringify(body), { status });
const entry = <P>(kind: string, payload: P, userId: string | null = 'u1'): OutboxEntry<P> => ({
  id: 'client-1',
  kind,
  payload,
  userId,
  createdAt: 0,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
});

afterEach(() => vi.unstubAllGlobals());

function stubFetch(...replies: Response[]) {
  const fetchMock = vi.fn<typeof fetch>();
  replies.forEach((r) => fetchMock.mockResolvedValueOnce(r));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const headersOf = (call: Parameters<typeof fetch>) => call[1]?.headers as Record<string, string>;

describe('sendContext', () => {
  it('answers a 401 with one refreshed session and asks again with the new token', async () => {
    const fetchMock = stubFetch(json(401, { code: 'PGRST303', message: 'JWT expired' }), json(200, 1));
    const refresh = vi.fn(async () => 'new');
    const ctx = sendContext(credentials, refresh);
    expect(await ctx.request('POST', '/rest/v1/rpc/x', {})).toEqual({ status: 200, body: 1 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(headersOf(fetchMock.mock.calls[0]!).Authorization).toBe('Bearer old');
    expect(headersOf(fetchMock.mock.calls[1]!).Authorization).toBe('Bearer new');
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    expect(await sendContext(credentials, async () => null).request('POST', '/x', {})).toEqual({ status: 0, body: null });
  });
});

describe('outboxSenders', () => {
  it('sends a reply with the entry id as its client id', async () => {
    const fetchMock = stubFetch(json(200, { id: 'm1' }));
    const ctx = sendContext(credentials, async () => null);
    expect(await outboxSenders.ticketReply(entry('ticketReply', { ticketId: 't1', body: 'Ciao' }), ctx)).toBe('sent');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('http://api/rest/v1/rpc/reply_ticket');
    expect(JSON.parse(init!.body as string)).toEqual({ p_ticket_id: 't1', p_body: 'Ciao', p_client_id: 'client-1' });
  });

  it("drops a reply to a closed ticket with the server's message", async () => {
    stubFetch(json(400, { code: 'P0001', message: 'Il ticket è chiuso.', details: 'ticket_closed' }));
    const ctx = sendContext(credentials, async () => null);
    expect(await outboxSenders.ticketReply(entry('ticketReply', { ticketId: 't1', body: 'Ciao' }), ctx)).toEqual({ drop: 'Il ticket è chiuso.' });
  });

  it("removes one favourite of the entry's user", async () => {
    const fetchMock = stubFetch(json(204, null));
    await outboxSenders.favouriteRemove(entry('favouriteRemove', { listingId: 'l1' }), sendContext(credentials, async () => null));
    expect(fetchMock.mock.calls[0]![0]).toBe('http://api/rest/v1/favourites?user_id=eq.u1&listing_id=eq.l1');
    expect(fetchMock.mock.calls[0]![1]!.method).toBe('DELETE');
  });

  it('drops a statistics batch the server cannot take without a word', async () => {
    stubFetch(json(400, { code: '22P02', message: 'bad' }));
    const ctx = sendContext(credentials, async () => null);
    expect(await outboxSenders.statsBatch(entry('statsBatch', { device: 'd', events: [] }, null), ctx)).toEqual({ drop: null });
  });
});

describe('requestJson', () => {
  it('gives up on a request that hangs, as a network failure', async () => {
    vi.useFakeTimers();
    try {
      vi.stubGlobal('fetch', vi.fn((_url: string, init: RequestInit) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))));
      const reply = sendContext(credentials, async () => null).request('POST', '/x', {});
      await vi.advanceTimersByTimeAsync(30_000);
      expect(await reply).toEqual({ status: 0, body: null });
    } finally {
      vi.useRealTimers();
    }
  });
});
