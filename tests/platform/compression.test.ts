import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip, sendWebResponse } from '../../supabase/local/src/http.ts';
import { client, platformInfo, serviceClient, tag } from '../support/clients.ts';

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP exchange: node:http neither asks for nor undoes any content-encoding. */
function raw(url: string, opts: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: opts.method ?? 'GET', headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

const T = tag('gz');
const restHeaders = (extra: Record<string, string> = {}) => ({
  apikey: platformInfo().anonKey,
  authorization: `Bearer ${platformInfo().anonKey}`,
  origin: 'http://127.0.0.1:4173',
  ...extra,
});
const authorsUrl = () => `${platformInfo().url}/rest/v1/authors?select=id,name,country&name=like.*${encodeURIComponent(T)}*&order=id`;

beforeAll(async () => {
  const rows = Array.from({ length: 40 }, (_, i) => ({ name: `Author number ${i} with a fairly long name ${T}`, country: 'IT' }));
  const r = await serviceClient().from('authors').insert(rows);
  if (r.error) throw r.error;
});

describe('response compression', () => {
  it('gzips a large REST answer when the client accepts gzip, and only then', async () => {
    const plain = await raw(authorsUrl(), { headers: restHeaders() });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Origin, Accept-Encoding');
    const rows = JSON.parse(plain.body.toString('utf8')) as unknown[];
    expect(rows).toHaveLength(40);
    expect(plain.body.byteLength).toBeGreaterThan(1024);

    const gz = await raw(authorsUrl(), { headers: restHeaders({ 'accept-encoding': 'gzip, deflate, br' }) });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-length']).toBeUndefined();
    expect(gz.headers.vary).toBe('Origin, Accept-Encoding');
    expect(gz.headers['content-type']).toMatch(/^application\/json/);
    expect(gz.headers['access-control-allow-origin']).toBe('http://127.0.0.1:4173');
    expect(gz.body.byteLength).toBeLessThan(plain.body.byteLength);
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(rows);

    // gzip refused by q=0, or only an unsupported coding offered: identity.
    const refused = await raw(authorsUrl(), { headers: restHeaders({ 'accept-encoding': 'br;q=1, gzip;q=0' }) });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString('utf8'))).toEqual(rows);
  });

  it('gzips POST answers too (rpc), and leaves HEAD alone', async () => {
    const url = `${platformInfo().url}/rest/v1/rpc/author_names`;
    const post = await raw(url, {
      method: 'POST',
      headers: restHeaders({ 'accept-encoding': 'gzip', 'content-type': 'application/json' }),
      body: '{}',
    });
    expect(post.status).toBe(200);
    const names = post.headers['content-encoding'] === 'gzip' ? gunzipSync(post.body) : post.body;
    expect(JSON.parse(names.toString('utf8'))).toEqual(expect.arrayContaining([`Author number 0 with a fairly long name ${T}`]));
    expect(post.headers['content-encoding']).toBe('gzip');

    const head = await raw(authorsUrl(), { method: 'HEAD', headers: restHeaders({ 'accept-encoding': 'gzip' }) });
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(head.body.byteLength).toBe(0);
  });

  it('does not compress a small JSON answer', async () => {
    const url = `${platformInfo().url}/rest/v1/authors?select=id,name&name=eq.${encodeURIComponent(`Author number 1 with a fairly long name ${T}`)}`;
    const small = await raw(url, { headers: restHeaders({ 'accept-encoding': 'gzip' }) });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBe('Origin');
    expect(JSON.parse(small.body.toString('utf8'))).toHaveLength(1);

    const health = await raw(`${platformInfo().url}/auth/v1/health`, { headers: { 'accept-encoding': 'gzip', apikey: platformInfo().anonKey } });
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });

  it('does not compress stored images, but does compress a large stored JSON file', async () => {
    const admin = serviceClient();
    const png = Buffer.alloc(4096, 0);
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]).copy(png);
    const path = `${T}/image.png`;
    const up = await admin.storage.from('avatars').upload(path, new Blob([png], { type: 'image/png' }), { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const publicUrl = admin.storage.from('avatars').getPublicUrl(path).data.publicUrl;
    const img = await raw(publicUrl, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(img.status).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['content-encoding']).toBeUndefined();
    expect(img.headers['content-length']).toBe('4096');
    expect(img.headers.vary).toBe('Origin');
    expect(img.body.equals(png)).toBe(true);

    const doc = JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ i, label: `entry ${i}` })));
    const jsonPath = `${T}/data.json`;
    const upJson = await admin.storage.from('avatars').upload(jsonPath, Buffer.from(doc), { contentType: 'application/json' });
    expect(upJson.error).toBeNull();
    const jsonUrl = admin.storage.from('avatars').getPublicUrl(jsonPath).data.publicUrl;
    const stored = await raw(jsonUrl, { headers: { 'accept-encoding': 'gzip' } });
    expect(stored.status).toBe(200);
    expect(stored.headers['content-encoding']).toBe('gzip');
    expect(stored.headers['content-length']).toBeUndefined();
    expect(gunzipSync(stored.body).toString('utf8')).toBe(doc);
  });

  it('keeps fetch and supabase-js working against compressed answers', async () => {
    // undici's fetch asks for gzip itself, keeps the header and hands back the decoded body.
    const res = await fetch(authorsUrl(), { headers: restHeaders() });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect((await res.json()) as unknown[]).toHaveLength(40);

    const { data, error } = await client().from('authors').select('id, name').like('name', `%${T}%`).order('id');
    expect(error).toBeNull();
    expect(data).toHaveLength(40);
    expect(data![0]!.name).toBe(`Author number 0 with a fairly long name ${T}`);
  });
});

describe('sendWebResponse compression rules', () => {
  let server: Server;
  let base: string;
  let next: () => Response;
  const big = 'x'.repeat(4096);

  beforeAll(async () => {
    server = createServer((req, res) => {
      void sendWebResponse(res, next(), req.headers.origin ?? null, req.method === 'HEAD', req.headers['accept-encoding']);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const get = async (response: () => Response) => {
    next = response;
    return raw(`${base}/`, { headers: { 'accept-encoding': 'gzip' } });
  };

  it('leaves partial content, event streams, encoded and binary bodies alone', async () => {
    const partial = await get(
      () => new Response(big, { status: 206, headers: { 'content-type': 'text/plain', 'content-range': `bytes 0-4095/10000`, 'content-length': '4096' } }),
    );
    expect(partial.status).toBe(206);
    expect(partial.headers['content-encoding']).toBeUndefined();
    expect(partial.headers['content-length']).toBe('4096');
    expect(partial.body.toString()).toBe(big);

    const sse = await get(() => new Response(big, { headers: { 'content-type': 'text/event-stream' } }));
    expect(sse.headers['content-encoding']).toBeUndefined();
    expect(sse.body.toString()).toBe(big);

    const encoded = await get(() => new Response(big, { headers: { 'content-type': 'text/plain', 'content-encoding': 'identity' } }));
    expect(encoded.headers['content-encoding']).toBe('identity');
    expect(encoded.body.toString()).toBe(big);

    const binary = await get(() => new Response(big, { headers: { 'content-type': 'application/octet-stream' } }));
    expect(binary.headers['content-encoding']).toBeUndefined();

    const jpeg = await get(() => new Response(big, { headers: { 'content-type': 'image/jpeg' } }));
    expect(jpeg.headers['content-encoding']).toBeUndefined();

    const noTransform = await get(() => new Response(big, { headers: { 'content-type': 'text/plain', 'cache-control': 'no-transform' } }));
    expect(noTransform.headers['content-encoding']).toBeUndefined();
  });

  it('compresses textual types, known-length and streamed, merging an existing vary', async () => {
    for (const type of ['application/vnd.pgrst.object+json; charset=utf-8', 'text/html', 'application/javascript', 'image/svg+xml', 'application/manifest+json']) {
      const r = await get(() => new Response(big, { headers: { 'content-type': type, 'content-length': '4096', vary: 'Prefer' } }));
      expect(r.headers['content-encoding'], type).toBe('gzip');
      expect(r.headers['content-length'], type).toBeUndefined();
      expect(r.headers.vary, type).toBe('Prefer, Accept-Encoding');
      expect(gunzipSync(r.body).toString(), type).toBe(big);
    }
    const streamed = await get(() => {
      const enc = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < 64; i++) c.enqueue(enc.encode(`line ${i} `.padEnd(40, '.')));
          c.close();
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/plain' } });
    });
    expect(streamed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(streamed.body).toString()).toBe(Array.from({ length: 64 }, (_, i) => `line ${i} `.padEnd(40, '.')).join(''));

    const smallStream = await get(() => new Response(new Blob(['tiny']).stream(), { headers: { 'content-type': 'text/plain' } }));
    expect(smallStream.headers['content-encoding']).toBeUndefined();
    expect(smallStream.body.toString()).toBe('tiny');
  });

  it('reads Accept-Encoding with q-values and wildcards', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0, br')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0.1, gzip;q=0')).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
  });
});
