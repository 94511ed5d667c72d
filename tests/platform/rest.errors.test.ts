import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { client, platformInfo } from '../support/clients.ts';
import { signJwt, tokenClient } from '../support/tokens.ts';

const rest = (path: string, init: RequestInit = {}) => {
  const info = platformInfo();
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', info.anonKey);
  return fetch(`${info.url}/rest/v1${path}`, { ...init, headers });
};

describe('REST authentication', () => {
  it('refuses an expired token with 401 PGRST303 "JWT expired"', async () => {
    const token = await signJwt({ sub: randomUUID(), role: 'authenticated' }, -60);
    const res = await tokenClient(token).from('books').select('id').limit(1);
    expect(res.status).toBe(401);
    expect(res.error).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
  });

  it('refuses a token signed with another secret, a malformed token, and a non-JWT bearer (401 PGRST301)', async () => {
    const forged = await signJwt({ sub: randomUUID(), role: 'service_role' }, '1h', 'not-the-platform-secret-not-the-platform-secret');
    const r1 = await tokenClient(forged).from('private_notes').select('*');
    expect(r1.status).toBe(401);
    expect(r1.error?.code).toBe('PGRST301');
    const r2 = await rest('/books?select=id', { headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(r2.status).toBe(401);
    expect((await r2.json()).code).toBe('PGRST301');
    const [h, p] = (await signJwt({ role: 'service_role' })).split('.');
    const r3 = await rest('/books?select=id', { headers: { authorization: `Bearer ${h}.${p}.` } });
    expect(r3.status).toBe(401);
  });

  it('refuses a request without one of the project\'s keys, as the gateway does, whatever its Authorization', async () => {
    const { url, anonKey, serviceRoleKey } = platformInfo();
    const whoami = (headers: Record<string, string>, query = '') =>
      fetch(`${url}/rest/v1/rpc/whoami${query}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    const none = await whoami({ authorization: `Bearer ${serviceRoleKey}` });
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' });
    const other = await whoami({ apikey: await signJwt({ role: 'anon' }, '1h', 'not-the-platform-secret-not-the-platform-secret') });
    expect(other.status).toBe(401);
    expect((await other.json()).message).toBe('Invalid API key');
    // The key in the URL is the gateway's other place for it.
    const inUrl = await whoami({}, `?apikey=${encodeURIComponent(anonKey)}`);
    expect(inUrl.status).toBe(200);
    expect(await inUrl.json()).toBe('nobody:anon');
  });

  it("takes the project's publishable key for anon, as apikey and as Bearer, and refuses any other sb_publishable_ key", async () => {
    const { url, publishableKey } = platformInfo();
    const whoami = (headers: Record<string, string>) =>
      fetch(`${url}/rest/v1/rpc/whoami`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}' });
    expect(publishableKey).toMatch(/^sb_publishable_[A-Za-z0-9_-]{31}$/);
    const own = await whoami({ apikey: publishableKey, authorization: `Bearer ${publishableKey}` });
    expect(own.status).toBe(200);
    expect(await own.json()).toBe('nobody:anon');
    const guessed = 'sb_publishable_' + 'x'.repeat(31);
    const other = await whoami({ apikey: guessed });
    expect(other.status).toBe(401);
    expect(await other.json()).toEqual({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' });
    // Past the gateway with the project's key, another one as Bearer is no token either.
    const bearer = await whoami({ apikey: publishableKey, authorization: `Bearer ${guessed}` });
    expect(bearer.status).toBe(401);
    expect((await bearer.json()).code).toBe('PGRST301');
  });
});

describe('REST request errors', () => {
  it('answers malformed JSON with 400 PGRST102', async () => {
    const res = await rest('/authors', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name": ' });
    expect(res.status).toBe(400);
    expect((await res.json()).code).toBe('PGRST102');
    const notObject = await rest('/authors', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1,2]' });
    expect(notObject.status).toBe(400);
  });

  it('answers an oversized body with 413 and keeps serving', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const res = await rest('/authors', { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(res.status).toBe(413);
    const after = await client().from('books').select('id').limit(1);
    expect(after.status).toBe(200);
  });

  it('answers malformed filters, orders and selects with 400 PGRST100 and never 5xx', async () => {
    const bad = [
      '/books?id=eq',
      '/books?id=zz.1',
      '/books?id=in.1,2',
      '/books?or=(id.eq.1',
      '/books?or=id.eq.1',
      '/books?in_print=is.maybe',
      '/books?select=id,(',
      '/books?select=authors(name',
      '/books?order=',
      '/books?offset=-1',
      '/books?select=id::bad-cast',
      '/books?unknown_embed.id=eq.1',
    ];
    for (const path of bad) {
      const res = await rest(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      const body = await res.json();
      expect(body, path).toHaveProperty('code');
      expect(body, path).toHaveProperty('message');
    }
    expect((await rest('/books?id=eq')).status).toBe(400);
    expect((await (await rest('/books?or=(id.eq.1')).json()).code).toBe('PGRST100');
  });

  it('rejects SQL injection attempts as data, not code', async () => {
    const name = `x'); drop table public.books; --`;
    const r1 = await client().from('books').select('id').eq('title', name);
    expect(r1.status).toBe(200);
    expect(r1.data).toEqual([]);
    const r2 = await rest(`/books?select=${encodeURIComponent('id,"title; drop table books"')}`);
    expect(r2.status).toBe(400);
    const r3 = await rest(`/books?order=${encodeURIComponent('id;select 1')}`);
    expect(r3.status).toBe(400);
    const still = await client().from('books').select('id', { count: 'exact', head: true });
    expect(still.status).toBe(200);
  });

  it('answers unsupported methods and paths without crashing', async () => {
    const put = await rest('/books', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(put.status).toBe(405);
    const deep = await rest('/books/1/2');
    expect(deep.status).toBe(404);
    const root = await rest('/');
    expect(root.status).toBe(200);
  });
});
