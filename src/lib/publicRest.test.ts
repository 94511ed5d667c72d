import { PostgrestClient } from '@supabase/postgrest-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toApiError } from './apiError.ts';
import type { Database } from './database.types.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './env.ts';
import { publicRest } from './publicRest.ts';

/** What postgrest-js (supabase-js's own) answers and sends for the same call: publicRest must match it. */
const postgrest = new PostgrestClient<Database>(`${SUPABASE_URL}/rest/v1`, {
  headers: { apikey: SUPABASE_ANON_KEY, Authorization: `Bearer ${SUPABASE_ANON_KEY}` },
  // The stubbed fetch of each test, looked up at call time.
  fetch: (...a) => fetch(...a),
});

type Reply = () => Promise<Response>;

async function both(reply: Reply) {
  const calls: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url: String(url), init });
    return reply();
  });
  const args = { p_id: '6f1c2b1e-8a51-4c36-9e0b-2f4b8e6d1a77' };
  const ours = await publicRest.rpc('listing_detail', args);
  const theirs = await postgrest.rpc('listing_detail', args);
  const request = (c: (typeof calls)[number]) => ({
    url: c.url,
    method: c.init.method,
    body: c.init.body,
    headers: Object.fromEntries(new Headers(c.init.headers)),
  });
  return { ours, theirs, requests: calls.map(request) };
}

const shape = (a: { data: unknown; error: unknown; status: number }) => ({ data: a.data, error: a.error, status: a.status });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('publicRest.rpc', () => {
  it('sends the request postgrest-js sends (the service worker and the boot prefetch match on it)', async () => {
    const { requests } = await both(async () => new Response('{"status":"active"}', { status: 200 }));
    expect(requests[0]).toEqual(requests[1]);
    expect(requests[0]!.url).toBe(`${SUPABASE_URL}/rest/v1/rpc/listing_detail`);
  });

  it.each<[string, Reply]>([
    ['a JSON answer', async () => new Response('{"status":"active","listing":{"id":"x"}}', { status: 200 })],
    ['a scalar answer', async () => new Response('1001', { status: 200 })],
    ['an empty answer', async () => new Response('', { status: 200 })],
    ['a PostgREST error', async () => new Response('{"code":"P0001","message":"Annuncio non trovato","details":"not_found","hint":null}', { status: 400 })],
    ['a gateway page', async () => new Response('<html>Bad gateway</html>', { status: 502 })],
  ])('answers %s as postgrest-js does', async (_, reply) => {
    const { ours, theirs } = await both(reply);
    expect(shape(ours)).toEqual(shape(theirs));
  });

  it('answers a failed fetch as postgrest-js does, which the data layer reads as offline', async () => {
    const { ours, theirs } = await both(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(ours.status).toBe(0);
    expect(ours.error?.message).toBe(theirs.error?.message);
    expect(ours.data).toBeNull();
    expect((await toApiError(ours.error, ours.status)).kind).toBe('offline');
  });
});
