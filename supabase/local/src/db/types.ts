/** The one database interface every API module uses, over PGlite or a PostgreSQL server. */

export interface Field {
  name: string;
  dataTypeID: number;
}

export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  fields: Field[];
  /** Rows affected by INSERT/UPDATE/DELETE, else rows returned. */
  rowCount: number;
}

/** How a statement may be sent (hints; a driver may ignore them, PGlite does). */
export interface QueryOptions {
  /**
   * Keep it as a named prepared statement on the connection (parsed and planned once per
   * connection). Only for statements whose result columns never change (REST's read shape).
   */
  prepare?: boolean;
  /**
   * The transaction's last statement: the commit may go out right behind it, in the same round
   * trip. Only for read-only transactions, where nothing the caller does afterwards needs a rollback.
   */
  last?: boolean;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[], opts?: QueryOptions): Promise<QueryResult<R>>;
  /** Several statements, no parameters (migrations, bootstrap). */
  exec(sql: string): Promise<void>;
}

/** Who a request runs as: PostgREST's role switch plus the JWT claims. */
export interface RequestAuth {
  role: string;
  claims: Record<string, unknown>;
  /** The bearer token as received (JWT or API key), for forwarding. */
  token?: string;
  /** The request's headers (lower-case names) that PostgREST hands to SQL as `request.headers`. */
  headers?: Record<string, string>;
}

/** A role's settings applied to a request's transaction (name → value, e.g. statement_timeout → 3s). */
export type RoleSettings = Record<string, string>;

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /**
   * Whether a running statement can be cancelled (statement_timeout): a PostgreSQL server, yes;
   * PGlite runs each query to its end in one WebAssembly thread, so no.
   */
  readonly cancelsStatements: boolean;
  /** Runs fn in one transaction on one connection; rolls back when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>, opts?: { readOnly?: boolean }): Promise<T>;
  /**
   * Runs fn in one transaction as `auth.role` with `request.jwt.claims` set, exactly as
   * PostgREST does, so grants and row-level security decide what fn may see and change; the
   * role's settings (statement_timeout, …) apply, and fn gets them.
   */
  asRole<T>(auth: RequestAuth, fn: (tx: Queryable, settings: RoleSettings) => Promise<T>, opts?: { readOnly?: boolean }): Promise<T>;
  /** Reads the roles' settings again at the next asRole (after `alter role … set`). */
  reloadRoleSettings(): void;
  /** LISTEN on a channel; the returned function stops listening. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
