/**
 * The REST API (PostgREST's contract as postgrest-js uses it): each request is one statement in
 * one transaction as the JWT's role, so grants and row-level security decide; Postgres builds
 * the JSON. Modules: parse.ts (query grammar), schema.ts (catalog cache), select.ts (reads and
 * embeds), filters.ts (conditions), write.ts (DML), rpc.ts (functions), errors.ts (statuses),
 * limits.ts (what one request may cost).
 * Not implemented: embeds through views, ordering by embedded columns, aggregates, CSV/plan
 * output, PUT, limits on PATCH/DELETE.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { ApiModule, Platform } from '../platform.ts';
import type { QueryResult, RequestAuth } from '../db/types.ts';
import { parseJson, PayloadTooLargeError, readText } from '../http.ts';
import { TokenError } from '../jwt.ts';
import { ApiError, fromPgError, isPgError } from './errors.ts';
import { ident, Params } from './filters.ts';
import { checkCost, limitBodySize, responseTooLarge } from './limits.ts';
import { parsePrefer, type Prefer } from './parse.ts';
import { resolveCall } from './rpc.ts';
import { loadSchema, type SchemaCache, type Table } from './schema.ts';
import { applyParams, buildReadPlan, readSql, type Node } from './select.ts';
import { bodyRows, deleteSql, insertSql, updateSql, writeColumns } from './write.ts';

const SCHEMA = 'public';
const OBJECT = 'application/vnd.pgrst.object+json';

interface ReadRow {
  total: string | number | null;
  page: string | number;
  /** Null when larger than the response limit (limits.ts), which `bytes` then exceeds. */
  body: string | null;
  bytes: string | number | null;
}

/** The JSON body of a read, or the error for one too large to send. */
function bodyOf(row: ReadRow): string | null {
  if (row.body === null && row.bytes !== null) throw responseTooLarge(Number(row.bytes));
  return row.body;
}

/** Runs the request's statement (`plan`: its read tree, whose filters the cost check reads). */
type RunQuery = <R>(sql: string, values: unknown[], plan?: Node) => Promise<QueryResult<R>>;

/** Rolls the transaction back after the response is computed (Prefer: tx=rollback). */
class Rollback extends Error {
  constructor(readonly response: Response) {
    super('rollback');
  }
}

function respond(body: string | null, status: number, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status,
    headers: body !== null ? { 'content-type': 'application/json; charset=utf-8', ...headers } : headers,
  });
}

function errorResponse(err: ApiError): Response {
  return respond(JSON.stringify(err.body()), err.status, err.headers);
}

function decodeName(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(400, 'PGRST100', 'Invalid path specified in request URL', `could not decode "${segment}"`);
  }
}

function singularError(rows: number): ApiError {
  return new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

/** `Content-Range: 0-9/42` (or `*​/42` when empty). */
function contentRange(offset: number, page: number, total: number | null): string {
  const range = page > 0 ? `${offset}-${offset + page - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** `[api] max_rows` from config.toml: the most rows one read returns (as PostgREST's db-max-rows). */
function readMaxRows(supabaseDir: string): number | undefined {
  const file = join(supabaseDir, 'config.toml');
  if (!existsSync(file)) return undefined;
  try {
    const api = (parseToml(readFileSync(file, 'utf8')) as { api?: { max_rows?: unknown } }).api;
    const n = Number(api?.max_rows);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  } catch {
    return undefined;
  }
}

/** Mounts the REST API at /rest/v1 and keeps its schema cache fresh. */
export async function createRestApi(p: Platform): Promise<ApiModule> {
  let cache: SchemaCache | undefined;
  let stopListening: (() => Promise<void>) | undefined;
  const maxRows = readMaxRows(p.config.supabaseDir);

  let reloading: Promise<SchemaCache> | undefined;
  let again = false;
  /** Re-reads the catalogs; a NOTIFY during a reload triggers one more pass. */
  const reload = (): Promise<SchemaCache> => {
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = (async () => {
      let c: SchemaCache;
      do {
        again = false;
        c = await loadSchema(p.db, SCHEMA);
        cache = c;
      } while (again);
      return c;
    })().finally(() => {
      reloading = undefined;
    });
    return reloading;
  };
  const schema = async (): Promise<SchemaCache> => cache ?? reload();

  async function readBodyJson(req: Request): Promise<unknown> {
    const text = await readText(req, p.config.maxBodyBytes);
    if (text.trim() === '') return undefined;
    try {
      return parseJson(text);
    } catch (err) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json', (err as Error).message);
    }
  }

  function tableOf(c: SchemaCache, name: string): Table {
    const t = c.tables.get(name);
    if (!t) {
      throw new ApiError(404, 'PGRST205', `Could not find the table '${SCHEMA}.${name}' in the schema cache`, null, null);
    }
    return t;
  }

  /**
   * One request's transaction as its role. `query` runs the request's statement, checked first
   * against the role's cost limit where the database cannot cancel it (limits.ts).
   */
  async function run(auth: RequestAuth, prefer: Prefer, readOnly: boolean, fn: (query: RunQuery) => Promise<Response>): Promise<Response> {
    try {
      return await p.db.asRole(auth, async (tx, settings) => {
        if (readOnly) await tx.query('set transaction read only');
        const res = await fn(async (sql, values, plan) => {
          await checkCost(tx, p.db.cancelsStatements, settings, sql, values, plan);
          return tx.query(sql, values);
        });
        if (prefer.tx === 'rollback') throw new Rollback(res);
        return res;
      });
    } catch (err) {
      if (err instanceof Rollback) return err.response;
      throw err;
    }
  }

  interface ReadSource {
    /** FROM item: a table or a function call. */
    sql: string;
    node: { name: string; table: Table | null };
    /** Query parameters that are function arguments, not filters. */
    skip?: Set<string>;
    /** setof scalar function: the bare values, not objects. */
    scalar?: string;
    /** Non-setof function returning a row: always an object. */
    single?: boolean;
    readOnly?: boolean;
  }

  /** GET/HEAD of a table or view, and every set- or row-returning function call. */
  async function read(req: Request, auth: RequestAuth, url: URL, prefer: Prefer, source: ReadSource, params = new Params()): Promise<Response> {
    const c = await schema();
    const head = req.method === 'HEAD';
    const strict = (req.headers.get('accept') ?? '').includes(OBJECT);
    const node = buildReadPlan(c, source.node, url.searchParams, source.skip);
    if (maxRows !== undefined && !source.single && !source.scalar) node.limit = Math.min(node.limit ?? maxRows, maxRows);
    const sql = readSql(SCHEMA, node, source.sql, params, {
      count: Boolean(prefer.count),
      head,
      singular: strict || Boolean(source.single),
      scalarColumn: source.scalar,
    });
    return run(auth, prefer, source.readOnly ?? false, async (query) => {
      const row = (await query<ReadRow>(sql, params.values, node)).rows[0]!;
      const page = Number(row.page);
      const total = row.total === null ? null : Number(row.total);
      if (strict && page !== 1) throw singularError(page);
      const offset = node.offset ?? 0;
      const headers: Record<string, string> = { 'content-range': contentRange(offset, page, total) };
      if (strict) headers['content-type'] = `${OBJECT}; charset=utf-8`;
      const partial = total !== null && page < total && !strict;
      return respond(head ? '' : bodyOf(row), partial ? 206 : 200, headers);
    });
  }

  /**
   * Writes with `returning`: wrap in a CTE and build the representation with the read machinery.
   * `filters`: the PATCH/DELETE conditions.
   */
  async function write(req: Request, auth: RequestAuth, url: URL, prefer: Prefer, table: Table, build: (params: Params, returning: boolean) => string | null, status: number, filters?: Node): Promise<Response> {
    const c = await schema();
    const singular = (req.headers.get('accept') ?? '').includes(OBJECT);
    const representation = prefer.return === 'representation';
    const params = new Params();
    const dml = build(params, representation);
    let sql = dml;
    let node: Node | undefined;
    if (representation && dml !== null) {
      node = buildReadPlan(c, { name: table.name, table }, new URLSearchParams(url.searchParams.has('select') ? { select: url.searchParams.get('select')! } : {}));
      sql = `with _w as (${dml}) ${readSql(SCHEMA, node, '_w', params, { count: false, head: false, singular })}`;
    }
    return run(auth, prefer, false, async (query) => {
      let affected = 0;
      let body: string | null = '[]';
      if (sql !== null) {
        const r = await query<ReadRow>(sql, params.values, filters);
        if (node) {
          affected = Number(r.rows[0]!.page);
          body = bodyOf(r.rows[0]!);
        } else affected = r.rowCount;
      }
      if (singular && affected !== 1) throw singularError(affected);
      const headers: Record<string, string> = { 'content-range': `${affected ? `0-${affected - 1}` : '*'}/${prefer.count ? affected : '*'}` };
      if (prefer.return) headers['preference-applied'] = `return=${prefer.return}`;
      if (representation) {
        if (singular) headers['content-type'] = `${OBJECT}; charset=utf-8`;
        if (sql === null && singular) body = 'null';
        return respond(body, status === 204 ? 200 : status, headers);
      }
      return respond(null, status, headers);
    });
  }

  async function handleTable(req: Request, auth: RequestAuth, url: URL, prefer: Prefer, name: string): Promise<Response> {
    const c = await schema();
    const table = tableOf(c, name);
    const source: ReadSource = { sql: `${ident(SCHEMA)}.${ident(table.name)}`, node: { name: table.name, table } };
    switch (req.method) {
      case 'GET':
      case 'HEAD':
        return read(req, auth, url, prefer, source);
      case 'POST': {
        const rows = bodyRows(await readBodyJson(req));
        const columns = writeColumns(table, rows, url.searchParams.get('columns'));
        return write(req, auth, url, prefer, table, (params, returning) => insertSql(SCHEMA, table, rows, columns, prefer, url.searchParams.get('on_conflict'), params, returning), 201);
      }
      case 'PATCH': {
        const body = await readBodyJson(req);
        if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
        const patch = body as Record<string, unknown>;
        const columns = writeColumns(table, [patch], url.searchParams.get('columns'));
        const node = filtersOnly(table, url);
        return write(req, auth, url, prefer, table, (params, returning) => (columns.length ? updateSql(SCHEMA, table, patch, columns, node, params, returning) : null), 204, node);
      }
      case 'DELETE': {
        const node = filtersOnly(table, url);
        return write(req, auth, url, prefer, table, (params, returning) => deleteSql(SCHEMA, table, node, params, returning), 204, node);
      }
      default:
        throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
    }
  }

  /** Filters of a PATCH/DELETE (top level only; select/order/limit are about the representation). */
  function filtersOnly(table: Table, url: URL): Node {
    const node: Node = { name: table.name, table, items: [], embeds: [], filters: [], order: [] };
    const search = new URLSearchParams();
    for (const [k, v] of url.searchParams) if (!['select', 'columns', 'on_conflict', 'order', 'limit', 'offset'].includes(k)) search.append(k, v);
    applyParams(node, search);
    return node;
  }

  async function handleRpc(req: Request, auth: RequestAuth, url: URL, prefer: Prefer, name: string): Promise<Response> {
    const c = await schema();
    const fromQuery = req.method === 'GET' || req.method === 'HEAD';
    if (!fromQuery && req.method !== 'POST') throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
    let args: Record<string, unknown> = {};
    const skip = new Set<string>();
    if (fromQuery) {
      const names = new Set((c.functions.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)));
      for (const [k, v] of url.searchParams) {
        if (names.has(k)) {
          args[k] = v;
          skip.add(k);
        }
      }
    } else {
      const body = await readBodyJson(req);
      if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
        throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
      }
      args = (body as Record<string, unknown> | undefined) ?? {};
    }
    const params = new Params();
    const call = resolveCall(c, name, args, params, fromQuery);
    const fn = call.fn;
    // Like PostgREST, GET runs read-only: a volatile function that writes fails with 25006 (405).
    const readOnly = fromQuery && fn.volatility === 'v';
    if (fn.isVoid) {
      return run(auth, prefer, readOnly, async (query) => {
        await query(`select ${call.sql}`, params.values);
        return respond(null, 204);
      });
    }
    if (!fn.setof && !fn.composite) {
      return run(auth, prefer, readOnly, async (query) => {
        const r = await query<ReadRow>(limitBodySize(`select null as total, 1 as page, to_json(${call.sql})::text as body`), params.values);
        return respond(bodyOf(r.rows[0]!), 200);
      });
    }
    // Composite or set-returning: a FROM item the read machinery can filter, order and page;
    // the same Params keep the call's argument numbers.
    const table = fn.returnsTable ? (c.tables.get(fn.returnsTable) ?? null) : null;
    const scalar = fn.composite ? undefined : name;
    return read(req, auth, url, prefer, { sql: call.sql, node: { name, table: scalar ? null : table }, skip, scalar, single: !fn.setof, readOnly }, params);
  }

  async function handle(req: Request, path: string): Promise<Response> {
    let auth: RequestAuth = { role: 'anon', claims: {} };
    try {
      try {
        auth = await p.jwt.authenticate(req.headers);
      } catch (err) {
        if (err instanceof TokenError) {
          const expired = err.reason === 'expired';
          throw new ApiError(401, expired ? 'PGRST303' : 'PGRST301', expired ? 'JWT expired' : err.message || 'Invalid JWT', null, null, {
            'www-authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'invalid JWT'}"`,
          });
        }
        throw err;
      }
      const readOnly = req.method === 'GET' || req.method === 'HEAD';
      const profile = req.headers.get(readOnly ? 'accept-profile' : 'content-profile');
      if (profile && profile !== SCHEMA) {
        throw new ApiError(406, 'PGRST106', `The schema must be one of the following: ${SCHEMA}`, null, null);
      }
      const url = new URL(req.url);
      const prefer = parsePrefer(req.headers.get('prefer'));
      if (path === '/' || path === '') {
        const c = await schema();
        return respond(JSON.stringify({ swagger: '2.0', info: { title: 'supabase-local', version: '12' }, paths: Object.fromEntries([...c.tables.keys()].map((t) => [`/${t}`, {}])) }), 200);
      }
      const rpc = /^\/rpc\/([^/]+)\/?$/.exec(path);
      if (rpc) return await handleRpc(req, auth, url, prefer, decodeName(rpc[1]!));
      const table = /^\/([^/]+)\/?$/.exec(path);
      if (table) return await handleTable(req, auth, url, prefer, decodeName(table[1]!));
      throw new ApiError(404, 'PGRST125', `Invalid path specified in request URL`);
    } catch (err) {
      if (err instanceof ApiError) return errorResponse(err);
      if (isPgError(err)) return errorResponse(fromPgError(err, auth.role));
      if (err instanceof PayloadTooLargeError) return errorResponse(new ApiError(413, 'PGRST413', err.message));
      p.log('rest', `${req.method} ${path} failed: ${(err as Error).stack ?? String(err)}`);
      return errorResponse(new ApiError(500, 'PGRST000', (err as Error).message || 'Internal error'));
    }
  }

  return {
    prefix: '/rest/v1',
    handle,
    async start() {
      await reload();
      stopListening = await p.db.listen('pgrst', (payload) => {
        // PostgREST re-reads the roles' settings on 'reload config'.
        if (payload.includes('reload config')) p.db.reloadRoleSettings();
        if (payload === '' || payload.includes('reload schema') || payload.includes('reload')) {
          reload().catch((err: Error) => p.log('rest', `schema reload failed: ${err.message}`));
        }
      });
    },
    async stop() {
      await stopListening?.();
    },
  };
}
