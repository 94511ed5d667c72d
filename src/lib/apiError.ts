/**
 * The one error contract of the data layer. Every failure of a backend call (PostgREST,
 * auth, edge functions, storage, the network) becomes an ApiError of one of four kinds, with
 * an Italian message ready to show: the server's own when our SQL or functions raised one,
 * else the catalogue's. Feature api.ts files resolve with data or reject with an ApiError.
 *
 * Errors are told apart by their `name`, `code` and `status` fields, not by `instanceof`:
 * importing supabase-js's classes here would pull it into the visitor's first route.
 */
import { common } from './catalogue/common.ts';

type ApiErrorKind = 'offline' | 'unauthenticated' | 'refused' | 'unexpected';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The server's machine code: SQLSTATE, PostgREST's PGRST…, GoTrue's error_code, or our SQL's detail. */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const m = common.apiErrors;

interface Fields {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  details?: unknown;
  status?: unknown;
  statusCode?: unknown;
  context?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** A network failure as fetch, postgrest-js, auth-js, functions-js and storage-js report it. */
function isNetworkFailure(e: Fields, status: number | null): boolean {
  if (e.name === 'TypeError' || e.name === 'AuthRetryableFetchError' || e.name === 'FunctionsFetchError') return true;
  if (e.name === 'StorageUnknownError') return true;
  // postgrest-js answers a failed fetch with status 0 and a message "TypeError: Failed to fetch".
  return status === 0 || /^(TypeError|FetchError|AbortError): /.test(str(e.message) ?? '');
}

/** What PostgREST and our SQL said: `P0001` and our 42501s carry an Italian message, a snake_case detail. */
function fromPostgrest(code: string, message: string | null, details: string | null, status: number | null): ApiError {
  if (code === 'PGRST301' || code === 'PGRST302' || code === 'PGRST303' || details === 'not_authenticated') {
    return new ApiError('unauthenticated', message && details === 'not_authenticated' ? message : m.unauthenticated, details ?? code);
  }
  const ours = !!details && /^[a-z_]+$/.test(details);
  if (code === 'P0001' || (ours && message)) return new ApiError('refused', message ?? m.unexpected, details ?? code);
  if (code === '57014') return new ApiError('refused', m.timeout, code);
  if (code === '23505') return new ApiError('refused', m.duplicate, code);
  if (code === '42501') return new ApiError('refused', m.forbidden, code);
  if (code === 'PGRST116') return new ApiError('refused', m.notFound, code);
  if (/^(22|23)/.test(code) || /^PGRST1/.test(code)) return new ApiError('refused', m.invalid, code);
  if (status === 429) return new ApiError('refused', m.rateLimited, code);
  return new ApiError('unexpected', m.unexpected, code);
}

/** GoTrue's answers: `{code, error_code, msg}` surfaced by auth-js as AuthApiError(status, code). */
function fromAuth(e: Fields, status: number | null): ApiError {
  const code = str(e.code);
  if (status === 429 || code?.startsWith('over_')) return new ApiError('refused', m.rateLimited, code ?? 'over_request_rate_limit');
  if (e.name === 'AuthSessionMissingError' || status === 401 || code === 'session_not_found' || code === 'bad_jwt' || code === 'refresh_token_not_found') {
    return new ApiError('unauthenticated', m.unauthenticated, code);
  }
  if (status !== null && status >= 400 && status < 500) return new ApiError('refused', m.invalid, code);
  return new ApiError('unexpected', m.unexpected, code);
}

/** An edge function's non-2xx answer: our functions send `{error: 'Italian message'}`. */
async function fromFunction(e: Fields): Promise<ApiError> {
  const res = e.context instanceof Response ? e.context : null;
  let message: string | null = null;
  try {
    message = str(((await res?.clone().json()) as { error?: unknown } | undefined)?.error);
  } catch {
    /* not JSON */
  }
  const status = res?.status ?? null;
  if (status === 401) return new ApiError('unauthenticated', message ?? m.unauthenticated, String(status));
  if (status === 429) return new ApiError('refused', message ?? m.rateLimited, String(status));
  if (status !== null && status >= 400 && status < 500) return new ApiError('refused', message ?? m.invalid, String(status));
  return new ApiError('unexpected', m.unexpected, status === null ? null : String(status));
}

/**
 * Any failure to an ApiError. `status` is the HTTP status of the response when the caller
 * has it (postgrest-js puts it beside `error`, not on it).
 */
export async function toApiError(err: unknown, status: number | null = null): Promise<ApiError> {
  if (err instanceof ApiError) return err;
  const e: Fields = typeof err === 'object' && err !== null ? err : { message: err };
  const httpStatus = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : status;
  if ((typeof navigator !== 'undefined' && navigator.onLine === false) || isNetworkFailure(e, httpStatus)) {
    return new ApiError('offline', m.offline);
  }
  const name = str(e.name) ?? '';
  if (name === 'FunctionsHttpError' || name === 'FunctionsRelayError') return fromFunction(e);
  if (name.startsWith('Auth')) return fromAuth(e, httpStatus);
  if (name.startsWith('Storage')) {
    if (httpStatus === 401) return new ApiError('unauthenticated', m.unauthenticated, '401');
    if (httpStatus === 403) return new ApiError('refused', m.forbidden, '403');
    if (httpStatus === 404) return new ApiError('refused', m.notFound, '404');
    return new ApiError(httpStatus !== null && httpStatus < 500 ? 'refused' : 'unexpected', m.unexpected, str(e.code));
  }
  const code = str(e.code);
  if (code !== null) return fromPostgrest(code, str(e.message), str(e.details), httpStatus);
  if (httpStatus === 401) return new ApiError('unauthenticated', m.unauthenticated);
  if (httpStatus === 429) return new ApiError('refused', m.rateLimited);
  return new ApiError('unexpected', m.unexpected);
}

/** The data of a supabase-js answer that succeeded: the `{data, error: null}` member, if the answer is a union. */
type Success<R> = [R] extends [{ data: unknown }]
  ? [Extract<R, { error: null }>] extends [never]
    ? R['data']
    : Extract<R, { error: null }>['data']
  : undefined;

/** A supabase-js answer (`{data, error}`, with `status` from postgrest-js) to its data, or a rejected ApiError. */
export async function unwrap<R extends { error: unknown; data?: unknown }>(answer: PromiseLike<R>): Promise<Success<R>> {
  let result: R;
  try {
    result = await answer;
  } catch (err) {
    throw await toApiError(err);
  }
  const status = (result as { status?: unknown }).status;
  if (result.error) throw await toApiError(result.error, typeof status === 'number' ? status : null);
  return (result as unknown as { data: Success<R> }).data;
}

/** True for a failure that a working connection would fix. */
export const isOffline = (err: unknown): boolean => err instanceof ApiError && err.kind === 'offline';

/** The failure of a call that needs a session when there is none (checked before asking the server). */
export const notSignedIn = (): ApiError => new ApiError('unauthenticated', m.unauthenticated);

/** The message to show for a failure: the ApiError's own, or the screen's `fallback` when nothing more is known. */
export const failureMessage = (err: unknown, fallback: string): string =>
  err instanceof ApiError && err.kind !== 'unexpected' ? err.message : fallback;
