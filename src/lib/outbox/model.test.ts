import { describe, expect, it } from 'vitest';
import { afterFailure, backoffMs, BACKOFF_CAP_MS, dueEntries, lanes, replyOutcome, withoutEchoes, type OutboxEntry } from './model.ts';

const entry = (seq: number, userId: string | null, extra: Partial<OutboxEntry> = {}): OutboxEntry => ({
  seq,
  id: `id-${seq}`,
  kind: 'ticketReply',
  payload: null,
  userId,
  createdAt: 1000 + seq,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: null,
  ...extra,
});

const ids = (groups: OutboxEntry[][]) => groups.map((lane) => lane.map((e) => e.id));

describe('lanes', () => {
  it("keeps each user's entries in creation order, whatever order they are read in", () => {
    expect(ids(lanes([entry(3, 'a'), entry(2, 'b'), entry(1, 'a'), entry(4, null)]))).toEqual([['id-1', 'id-3'], ['id-2'], ['id-4']]);
  });

  it('orders by the database key before the clock (two writes in one millisecond)', () => {
    const ticket = entry(1, 'a', { createdAt: 5000 });
    const reply = entry(2, 'a', { createdAt: 5000 });
    expect(ids(lanes([reply, ticket]))).toEqual([['id-1', 'id-2']]);
  });
});

describe('dueEntries', () => {
  it('holds back a lane from its first entry still backing off: a reply never overtakes its ticket', () => {
    const due = dueEntries([entry(1, 'a', { nextAttemptAt: 500 }), entry(2, 'a'), entry(3, 'b'), entry(4, 'c', { nextAttemptAt: 50 })], 100);
    expect(ids(due)).toEqual([['id-3'], ['id-4']]);
  });

  it('tries everything when the network is known to be back', () => {
    expect(ids(dueEntries([entry(1, 'a', { nextAttemptAt: 500 }), entry(2, 'a')], 100, true))).toEqual([['id-1', 'id-2']]);
  });
});

describe('backoff', () => {
  it('doubles from 5 s and stops at the cap', () => {
    const plain = (n: number) => backoffMs(n, () => 0.5);
    expect([1, 2, 3, 4].map(plain)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(plain(30)).toBe(BACKOFF_CAP_MS);
  });

  it('jitters within ±20 %', () => {
    expect(backoffMs(2, () => 0)).toBe(8_000);
    expect(backoffMs(2, () => 1)).toBe(12_000);
  });

  it('counts the failure and schedules the next attempt', () => {
    expect(afterFailure(entry(1, 'a', { attempts: 1 }), 'network', 1_000, () => 0.5)).toMatchObject({ attempts: 2, nextAttemptAt: 11_000, lastError: 'network' });
  });
});

describe('replyOutcome', () => {
  it('sends on 2xx', async () => {
    expect(await replyOutcome({ status: 200, body: 1 })).toBe('sent');
    expect(await replyOutcome({ status: 204, body: null })).toBe('sent');
  });

  it('retries the network, the server, timeouts, rate limits and an expired session', async () => {
    for (const status of [0, 401, 408, 429, 500, 503]) expect(await replyOutcome({ status, body: null })).toBe('retry');
    expect(await replyOutcome({ status: 400, body: { code: 'over_request_rate_limit', message: 'x' } })).toBe('retry');
    expect(await replyOutcome({ status: 403, body: { code: 'PGRST301', message: 'JWT expired' } })).toBe('retry');
    // An edge function's 401 and 429 carry a message too: still not a refusal for good.
    expect(await replyOutcome({ status: 401, body: { error: 'Accedi di nuovo.' } })).toBe('retry');
    expect(await replyOutcome({ status: 429, body: { error: 'Troppe richieste.' } })).toBe('retry');
  });

  it("drops what the server refused for good, with our SQL's Italian message", async () => {
    const closed = { status: 400, body: { code: 'P0001', message: 'Il ticket è chiuso.', details: 'ticket_closed' } };
    expect(await replyOutcome(closed)).toEqual({ drop: 'Il ticket è chiuso.' });
  });

  it("drops an edge function's refusal with its message, and a vanished row with the catalogue's", async () => {
    expect(await replyOutcome({ status: 403, body: { error: 'Account sospeso.' } })).toEqual({ drop: 'Account sospeso.' });
    expect(await replyOutcome({ status: 406, body: { code: 'PGRST116', message: 'no rows' } })).toEqual({ drop: 'Elemento non trovato.' });
  });
});

describe('withoutEchoes', () => {
  it('shows a queued copy only until a row with its client id arrives', () => {
    const queued = [entry(1, 'a'), entry(2, 'a')];
    expect(withoutEchoes(queued, [{ client_id: 'id-1' }, { client_id: null }, {}]).map((e) => e.id)).toEqual(['id-2']);
  });
});
