/**
 * One caller's requests in flight (issue 23, item 9): a signed-in user (or an address) runs at
 * most 8 REST requests at once and queues 64 more without holding a database connection; past
 * that it gets 429. So one user's slow requests never hold the whole PostgreSQL pool (16) and
 * an anonymous read or a login stays fast.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { client, platformInfo, signedInUser } from '../support/clients.ts';
import { waitFor } from '../support/realtime.ts';
import { tokenUser } from '../support/tokens.ts';

const isPglite = () => platformInfo().dbKind === 'pglite';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function timed<T>(fn: () => PromiseLike<T>): Promise<[T, number]> {
  const t = performance.now();
  const r = await fn();
  return [r, performance.now() - t];
}

describe('REST requests in flight per caller', () => {
  it('keeps an anonymous read and a login fast while one user runs 16 slow requests (PostgreSQL)', async (ctx) => {
    // PGlite runs one statement at a time for everyone: there is no pool for one user to hold.
    if (isPglite()) ctx.skip();
    const login = await signedInUser();
    const { client: user } = await tokenUser();
    // A builder sends only once awaited: start each now.
    const slow = Array.from({ length: 16 }, () => Promise.resolve(user.rpc('sleep_for', { seconds: 3 })));
    await sleep(300);

    const [read, readMs] = await timed(() => client().from('books').select('id').limit(1));
    expect(read.status).toBe(200);
    expect(readMs).toBeLessThan(1000);
    const [signed, loginMs] = await timed(() => client().auth.signInWithPassword({ email: login.email, password: login.password }));
    expect(signed.error).toBeNull();
    expect(loginMs).toBeLessThan(1000);

    // Queued, not refused: all 16 end, the last 8 after the first 8.
    const done = await Promise.all(slow);
    expect(done.map((r) => r.status)).toEqual(Array(16).fill(200));
  });

  it('answers a user 429 past 8 running and 64 waiting, serves the queued ones, and keeps serving others', async () => {
    const { token, client: user } = await tokenUser();
    await floodOneCaller({ authorization: `Bearer ${token}` }, user);
  });

  it('bounds an anonymous address the same way (the trusted proxy’s x-forwarded-for)', async () => {
    const headers = { 'x-forwarded-for': `203.0.113.${Math.floor(Math.random() * 250) + 1}` };
    await floodOneCaller(headers, client(undefined, headers));
  });
});

/**
 * Holds 8 requests of one caller open (bodies that have not ended: no database work), sends
 * 72 more: 8 are refused at once with 429, 64 wait and are served once the 8 end; another
 * caller is served meanwhile.
 */
async function floodOneCaller(headers: Record<string, string>, caller: SupabaseClient) {
  const info = platformInfo();
  const ends: Array<() => void> = [];
  const held = Array.from({ length: 8 }, () => {
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode('{"seconds":'));
        ends.push(() => {
          c.enqueue(new TextEncoder().encode('0}'));
          c.close();
        });
      },
    });
    return fetch(`${info.url}/rest/v1/rpc/sleep_for`, {
      method: 'POST',
      headers: { apikey: info.anonKey, 'content-type': 'application/json', ...headers },
      body,
      duplex: 'half',
    } as RequestInit);
  });
  await sleep(300);

  const answered: { status: number; error: unknown }[] = [];
  const quick = Array.from({ length: 72 }, () =>
    Promise.resolve(caller.rpc('current_statement_timeout')).then((r) => {
      answered.push(r);
      return r;
    }),
  );
  await waitFor(() => answered.length >= 8 || undefined, 5000, '8 refusals');
  await sleep(200);
  expect(answered.map((r) => r.status)).toEqual(Array(8).fill(429));
  expect(answered[0]!.error).toMatchObject({ code: 'over_request_rate_limit', message: 'Too many requests in flight' });
  expect((await client().from('books').select('id').limit(1)).status).toBe(200);

  for (const end of ends) end();
  expect((await Promise.all(held)).map((r) => r.status)).toEqual(Array(8).fill(200));
  expect((await Promise.all(quick)).filter((r) => r.status === 200)).toHaveLength(64);
}
