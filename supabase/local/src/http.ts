import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { constants as zlibConstants, createGzip, gzipSync } from 'node:zlib';

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
  const reader = req.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      // Released, not cancelled: cancelling destroys the socket, and with it the 413.
      reader.releaseLock();
      throw new PayloadTooLargeError(limit);
    }
    chunks.push(value);
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

/**
 * The deepest nesting of arrays and objects a request's JSON may have. Parsing deeper JSON is
 * fine, but everything that walks it afterwards (JSON.stringify, the database's own parser)
 * recurses and runs out of stack ("Maximum call stack size exceeded").
 */
export const MAX_JSON_DEPTH = 100;

/** JSON.parse that refuses, before parsing, text nested deeper than MAX_JSON_DEPTH (SyntaxError). */
export function parseJson(text: string): unknown {
  let depth = 0;
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (quoted) {
      if (ch === 0x5c) i++; // backslash: skip the escaped character
      else if (ch === 0x22) quoted = false;
    } else if (ch === 0x22) quoted = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) throw new SyntaxError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return JSON.parse(text);
}

/** Parses a JSON body; undefined for an empty one. Throws SyntaxError on bad or too deep JSON. */
export async function readJson(req: Request, limit: number): Promise<unknown> {
  const text = await readText(req, limit);
  return text.trim() === '' ? undefined : parseJson(text);
}

const addresses = new WeakMap<Request, string>();

/** The peer address of the socket a request came in on (the client, or a proxy in front). */
export function clientAddress(req: Request): string | undefined {
  return addresses.get(req);
}

const afterAnswer = new WeakMap<Request, Array<() => void>>();

/** Runs `fn` once the answer to `req` has been handed to the socket (work the caller must not wait for). */
export function whenAnswered(req: Request, fn: () => void): void {
  const list = afterAnswer.get(req);
  if (list) list.push(fn);
  else afterAnswer.set(req, [fn]);
}

/** Called by the server after it sent the answer to `req`. */
export function answered(req: Request): void {
  for (const fn of afterAnswer.get(req) ?? []) fn();
  afterAnswer.delete(req);
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
  const web = new Request(new URL(req.url ?? '/', baseUrl), {
    method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: 'half',
  } as RequestInit);
  if (req.socket.remoteAddress) addresses.set(web, req.socket.remoteAddress);
  return web;
}

/** Below this many bytes a body goes out as it is: gzip would save next to nothing. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * Whether a response may be gzipped, its size aside: not 204/206/304, not already encoded, not a
 * byte range (storage; PostgREST's item ranges `0-24/*` on a 200 are fine), not no-transform, and
 * a compressible media type.
 */
function compressible(response: Response): boolean {
  return (
    ![204, 206, 304].includes(response.status) &&
    !response.headers.has('content-encoding') &&
    !/^\s*bytes\b/i.test(response.headers.get('content-range') ?? '') &&
    !/\bno-transform\b/i.test(response.headers.get('cache-control') ?? '') &&
    compressibleType(response.headers.get('content-type'))
  );
}

/** sendWebResponse for a body already in hand: one write, gzipped when it qualifies. */
function sendWhole(
  res: ServerResponse,
  response: Response,
  headers: Record<string, string | string[]>,
  text: string,
  acceptEncoding: string | string[] | null | undefined,
): void {
  let body = Buffer.from(text, 'utf8');
  const eligible = compressible(response) && body.byteLength >= COMPRESS_MIN_BYTES;
  if (eligible) {
    headers.vary = addVary(headers.vary, 'Accept-Encoding');
    if (acceptsGzip(acceptEncoding)) {
      // Level 1: a local answer of a few kB, where the CPU matters more than the last bytes.
      body = gzipSync(body, { level: 1 });
      headers['content-encoding'] = 'gzip';
    }
  }
  res.writeHead(response.status, response.statusText || undefined, headers);
  if (headers['content-encoding']) {
    // Chunked, as a proxy that compresses on the fly answers (no Content-Length).
    res.write(body);
    res.end();
  } else res.end(body);
}

/** Media types worth compressing (what Cloudflare compresses for Supabase); images, binaries and streams are not. */
function compressibleType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'text/event-stream') return false;
  return (
    type.startsWith('text/') ||
    type === 'application/json' ||
    type.endsWith('+json') ||
    type.startsWith('application/vnd.pgrst.') ||
    type === 'application/javascript' ||
    type === 'application/xml' ||
    type === 'image/svg+xml'
  );
}

/** Whether an Accept-Encoding header admits gzip (`gzip`, `x-gzip` or `*`, with q > 0). */
export function acceptsGzip(acceptEncoding: string | string[] | undefined | null): boolean {
  if (!acceptEncoding) return false;
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    const weight = Number.isNaN(q) ? 0 : q;
    if (name === 'gzip' || name === 'x-gzip') gzip = Math.max(gzip ?? 0, weight);
    else if (name === '*') any = weight;
  }
  return (gzip ?? any ?? 0) > 0;
}

function addVary(current: string | string[] | undefined, token: string): string {
  const list = (Array.isArray(current) ? current.join(',') : current ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (list.includes('*') || list.some((v) => v.toLowerCase() === token.toLowerCase())) return list.join(', ');
  return [...list, token].join(', ');
}

/** How much of a refused body is read and dropped, and for how long, before the socket is cut. */
const DISCARD_MAX_BYTES = 256 * 1024 * 1024;
const DISCARD_MAX_MS = 10_000;

/**
 * The unread rest of a request the handler answered early (a 413, say) is read and dropped, as
 * nginx's lingering close does: closing at once would make the client's next write meet a
 * reset that can wipe the answer before the client reads it, and keeping the rest unread would
 * have it taken for the next request on the kept-alive socket. Bounded in bytes and time.
 */
export function discardRest(req: IncomingMessage): void {
  if (req.complete || req.destroyed) return;
  req.removeAllListeners('data');
  let seen = 0;
  const cut = () => req.socket?.destroy();
  const timer = setTimeout(cut, DISCARD_MAX_MS);
  req.on('data', (chunk: Buffer) => {
    seen += chunk.byteLength;
    if (seen > DISCARD_MAX_BYTES) cut();
  });
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/** Bodies known whole when the Response was made (bufferedResponse), sent without reading its stream. */
const wholeBodies = new WeakMap<Response, string>();

/**
 * A Response whose whole body is this string (REST's answers): sendWebResponse writes it (gzipped
 * when it qualifies) in one write instead of pumping the Response's stream through gzip.
 */
export function bufferedResponse(body: string, init: ResponseInit): Response {
  const response = new Response(body, init);
  wholeBodies.set(response, body);
  return response;
}

/**
 * Web Response -> Node response, with CORS unless told otherwise.
 *
 * Like Supabase behind Kong/Cloudflare, textual bodies (JSON, text, JS, SVG) of at least
 * COMPRESS_MIN_BYTES are gzipped when the request's Accept-Encoding allows it; never for
 * HEAD, 204/206/304, event streams, ranges or bodies that are already encoded.
 */
export async function sendWebResponse(
  res: ServerResponse,
  response: Response,
  /** The request's Origin; false sends no CORS headers at all. */
  origin: string | null | false,
  head: boolean,
  acceptEncoding?: string | string[] | null,
): Promise<void> {
  const headers: Record<string, string | string[]> = origin === false ? {} : { ...corsHeaders(origin) };
  response.headers.forEach((value, key) => {
    if (key === 'set-cookie') return;
    headers[key] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  if (head || !response.body) {
    res.writeHead(response.status, response.statusText || undefined, headers);
    res.end();
    return;
  }
  const whole = wholeBodies.get(response);
  if (whole !== undefined) return sendWhole(res, response, headers, whole, acceptEncoding);
  const reader = response.body.getReader();
  const declared = response.headers.has('content-length') ? Number(response.headers.get('content-length')) : NaN;
  const eligible = compressible(response) && !(declared < COMPRESS_MIN_BYTES);

  // Of unknown length: read up to the threshold first, so small answers go out as they are.
  const prefix: Uint8Array[] = [];
  let ended = false;
  if (eligible && Number.isNaN(declared)) {
    let size = 0;
    try {
      while (size < COMPRESS_MIN_BYTES) {
        const { done, value } = await reader.read();
        if (done) {
          ended = true;
          break;
        }
        prefix.push(value);
        size += value.byteLength;
      }
    } catch (err) {
      reader.releaseLock();
      throw err;
    }
    if (ended && size < COMPRESS_MIN_BYTES) {
      res.writeHead(response.status, response.statusText || undefined, headers);
      for (const chunk of prefix) res.write(chunk);
      res.end();
      return;
    }
  }

  if (eligible) {
    // Whether or not this client takes gzip, the answer depends on Accept-Encoding.
    headers.vary = addVary(headers.vary, 'Accept-Encoding');
  }
  async function* body() {
    try {
      yield* prefix;
      while (!ended) {
        const { done, value } = await reader.read();
        if (done) ended = true;
        else yield value;
      }
    } finally {
      if (!ended) await reader.cancel().catch(() => {});
    }
  }
  const gzip = eligible && acceptsGzip(acceptEncoding);
  if (gzip) {
    headers['content-encoding'] = 'gzip';
    delete headers['content-length'];
  }
  res.writeHead(response.status, response.statusText || undefined, headers);
  try {
    // Sync-flush every chunk: a streamed answer still reaches the client as it is produced.
    if (gzip) await pipeline(body, createGzip({ flush: zlibConstants.Z_SYNC_FLUSH }), res);
    else await pipeline(body, res);
  } catch (err) {
    // The client went away mid-answer: nothing left to tell it.
    if ((err as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw err;
  }
}
