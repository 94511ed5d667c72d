import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** Headers supabase-js sends from a browser (REST, storage, auth and functions together). */
const ALLOW_HEADERS =
  'authorization, x-client-info, apikey, content-type, x-supabase-api-version, accept-profile, content-profile, ' +
  'prefer, x-upsert, cache-control, x-metadata, x-retry-count, x-region, accept, content-encoding, range';
const EXPOSE_HEADERS = 'Content-Range, X-Total-Count, Link, X-Supabase-Api-Version, x-relay-error, Content-Location, Location';

export function corsHeaders(origin: string | null): Record<string, string> {
  return {
    'access-control-allow-origin': origin ?? '*',
    'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS',
    'access-control-allow-headers': ALLOW_HEADERS,
    'access-control-expose-headers': EXPOSE_HEADERS,
    'access-control-max-age': '86400',
    vary: 'Origin',
  };
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export class PayloadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Payload too large (limit ${limit} bytes)`);
  }
}

/** Reads a request body, refusing anything over `limit` bytes before it is all in memory. */
export async function readBody(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get('content-length') ?? NaN);
  if (declared > limit) throw new PayloadTooLargeError(limit);
  if (!req.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw new PayloadTooLargeError(limit);
    chunks.push(chunk);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

export async function readText(req: Request, limit: number): Promise<string> {
  return new TextDecoder().decode(await readBody(req, limit));
}

/** Parses a JSON body; undefined for an empty one. Throws SyntaxError on bad JSON. */
export async function readJson(req: Request, limit: number): Promise<unknown> {
  const text = await readText(req, limit);
  return text.trim() === '' ? undefined : JSON.parse(text);
}

/** Node request -> Web Request (the body streams through untouched). */
export function toWebRequest(req: IncomingMessage, baseUrl: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) for (const item of v) headers.append(k, item);
    else if (v !== undefined) headers.set(k, v);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', baseUrl), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
}

/**
 * Web Response -> Node response, with CORS on everything. When the handler answered before
 * reading the whole request body (a 413, say), the connection is closed: its unread rest
 * would otherwise be taken for the next request on a kept-alive socket.
 */
export async function sendWebResponse(res: ServerResponse, response: Response, origin: string | null, head: boolean, bodyUnread = false): Promise<void> {
  const headers: Record<string, string | string[]> = { ...corsHeaders(origin) };
  if (bodyUnread) headers.connection = 'close';
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (head || !response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!res.write(value)) await new Promise((r) => res.once('drain', r));
    }
  } finally {
    res.end();
  }
}
