/**
 * How an entry reaches the API, the same in a page and in the service worker: a plain JSON
 * request with the key and the user's token (supabase-js would weigh the worker down), a 401
 * answered by one refresh of the session, and senders made from an RPC's name.
 */
import { replyOutcome, type ApiReply, type OutboxEntry, type SendResult } from './model.ts';

/** Where the API is and the bearer to send: the user's access token, or the anon key for a visitor. */
export interface Credentials {
  url: string;
  anonKey: string;
  token: string;
}

export interface SendContext {
  /** Sends `body` as JSON to `path` ('/rest/v1/rpc/…', '/functions/v1/…'); status 0 when the network failed. */
  request(method: Method, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiReply>;
}

export type Method = 'POST' | 'PATCH' | 'DELETE';

/** Sends one entry and says what became of it (model.ts replyOutcome for the usual reading). */
export type Sender<P = unknown> = (entry: OutboxEntry<P>, ctx: SendContext) => Promise<SendResult>;

/** A request hanging on a poor signal would hold the outbox lock for every tab: it counts as a network failure. */
const REQUEST_TIMEOUT_MS = 30_000;

export async function requestJson(credentials: Credentials, method: Method, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiReply> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  let response: Response;
  try {
    response = await fetch(`${credentials.url}${path}`, {
      method,
      headers: { apikey: credentials.anonKey, Authorization: `Bearer ${credentials.token}`, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch {
    clearTimeout(timer);
    return { status: 0, body: null };
  }
  // A body cut off by the timeout still has its status: the server answered.
  const text = await response.text().catch(() => '');
  clearTimeout(timer);
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: keep the text */
  }
  return { status: response.status, body: parsed };
}

/**
 * The context one entry is sent with. A 401 (the token expired between the check and the
 * request) refreshes the session through `refresh` and asks once more. `last` is the last
 * reply, for the entry's lastError.
 */
export function sendContext(credentials: Credentials, refresh: () => Promise<string | null>): SendContext & { last: ApiReply | null } {
  let current = credentials;
  const ctx = {
    last: null as ApiReply | null,
    async request(method: Method, path: string, body?: unknown, headers?: Record<string, string>) {
      let reply = await requestJson(current, method, path, body, headers);
      if (reply.status === 401) {
        const token = await refresh();
        if (token) {
          current = { ...current, token };
          reply = await requestJson(current, method, path, body, headers);
        }
      }
      ctx.last = reply;
      return reply;
    },
  };
  return ctx;
}

/** A sender making one request from the entry, its reply read the usual way (replyOutcome). */
export function requestSender<P>(method: Method, path: (entry: OutboxEntry<P>) => string, body?: (entry: OutboxEntry<P>) => unknown, headers?: Record<string, string>): Sender<P> {
  return async (entry, ctx) => replyOutcome(await ctx.request(method, path(entry), body?.(entry), headers));
}

/** A sender calling one SQL function with `args` made from the entry. */
export function rpcSender<P>(fn: string, args: (entry: OutboxEntry<P>) => Record<string, unknown>): Sender<P> {
  return requestSender('POST', () => `/rest/v1/rpc/${fn}`, args);
}
