/** PostgREST's error body and the HTTP status it gives each error. */

export interface ApiErrorBody {
  code: string;
  message: string;
  details: string | null;
  hint: string | null;
}

/** An error the REST layer raises itself (parse errors, schema-cache misses, …). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): ApiErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** A malformed query string or body part (PGRST100). */
export function parseError(message: string, details: string | null = null): ApiError {
  return new ApiError(400, 'PGRST100', message, details);
}

interface PgErrorLike {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

/** True for errors raised by Postgres (both drivers expose the SQLSTATE as `code`). */
export function isPgError(err: unknown): err is PgErrorLike & Error {
  return err instanceof Error && typeof (err as PgErrorLike).code === 'string' && /^[0-9A-Z]{5}$/.test((err as PgErrorLike).code as string);
}

/** PostgREST's SQLSTATE → HTTP status table (docs "Errors" → "SQLSTATE to HTTP"). */
export function statusForSqlState(code: string, role: string, message = ''): number {
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  // pg-safeupdate's "… requires a WHERE clause" is the client's doing; other 21000s are not.
  if (code === '21000') return message.endsWith('requires a WHERE clause') ? 400 : 500;
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
    P0001: 400,
    '53400': 500,
    '57P01': 503,
  };
  if (code in exact) return exact[code]!;
  if (code === '42501') return role === 'anon' ? 401 : 403;
  const cls = code.slice(0, 2);
  const byClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  return byClass[cls] ?? 400;
}

/** Turns a database error into PostgREST's response body and status. */
export function fromPgError(err: PgErrorLike & Error, role: string): ApiError {
  const code = String(err.code);
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return new ApiError(statusForSqlState(code, role, err.message), code, err.message, str(err.detail), str(err.hint));
}
