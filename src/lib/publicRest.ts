/**
 * Public reads (listings, search) as plain POSTs to PostgREST's /rpc with the anon key: the
 * same request and the same `{data, error, status}` answer postgrest-js gives for `rpc()`
 * (the service worker and the boot prefetch match on it), without loading postgrest-js, auth,
 * realtime and storage on a visitor's first page (7 KB gzip). The signed-in app keeps
 * supabase-js. The page's first read may already be on its way (firstRequest.ts). See
 * docs/decisions/1102-public-reads-without-postgrest-js.md.
 */
import type { Database } from './database.types.ts';
import { SUPABASE_ANON_KEY, SUPABASE_URL } from './env.ts';
import { publicHeaders, takeStartedRequest } from './firstRequest.ts';

type Functions = Database['public']['Functions'];

/** PostgREST's error body, or postgrest-js's stand-in for a failed fetch (status 0). */
export interface RestError {
  message: string;
  details?: string | null;
  hint?: string | null;
  code?: string;
}

export type RestAnswer<T> = { data: T; error: null; status: number } | { data: null; error: RestError; status: number };

const headers = publicHeaders(SUPABASE_ANON_KEY);

/** A failed fetch as postgrest-js reports it (apiError.ts reads it as offline). */
function fetchFailure(err: unknown): RestAnswer<never> {
  const e = (typeof err === 'object' && err !== null ? err : {}) as { name?: string; message?: string; stack?: string };
  return { data: null, error: { message: `${e.name ?? 'FetchError'}: ${e.message ?? String(err)}`, details: e.stack ?? '', hint: '', code: '' }, status: 0 };
}

/** Calls a database function as the visitor; never rejects. */
async function rpc<F extends keyof Functions>(fn: F, args: Functions[F]['Args']): Promise<RestAnswer<Functions[F]['Returns']>> {
  const url = `${SUPABASE_URL}/rest/v1/rpc/${fn}`;
  const payload = JSON.stringify(args);
  let res: Response;
  let body: string;
  try {
    res = await (takeStartedRequest(url, payload) ?? fetch(url, { method: 'POST', headers, body: payload }));
    body = await res.text();
  } catch (err) {
    return fetchFailure(err);
  }
  if (res.ok) {
    if (body === '') return { data: null as Functions[F]['Returns'], error: null, status: res.status };
    try {
      return { data: JSON.parse(body) as Functions[F]['Returns'], error: null, status: res.status };
    } catch {
      return { data: null, error: { message: body }, status: res.status };
    }
  }
  try {
    return { data: null, error: JSON.parse(body) as RestError, status: res.status };
  } catch {
    return { data: null, error: { message: body }, status: res.status };
  }
}

export const publicRest = { rpc };
