/** What a REST handler is given: the API's shared state and the one request it answers. */
import type { RequestAuth } from '../db/types.ts';
import { bufferedResponse, parseJson, readText } from '../http.ts';
import type { Platform } from '../core/types.ts';
import { ApiError } from './errors.ts';
import type { DbConfig } from './db-config.ts';
import type { Prefer } from './parse.ts';
import type { SchemaCache, Table } from './schema.ts';

/** The one schema served, as PostgREST's db-schemas = public. */
export const SCHEMA = 'public';
export const OBJECT = 'application/vnd.pgrst.object+json';

/** Shared by every request: the platform, the catalog cache and `[api] max_rows`. */
export interface RestApi {
  p: Platform;
  schema(): Promise<SchemaCache>;
  /** PostgREST's in-database settings (db-config.ts). */
  dbConfig(): Promise<DbConfig>;
  maxRows: number | undefined;
}

/** One request: its caller (whose role runs the statement), URL and Prefer header. */
export interface RestRequest {
  api: RestApi;
  req: Request;
  auth: RequestAuth;
  url: URL;
  prefer: Prefer;
}

export function respond(body: string | null, status: number, headers: Record<string, string> = {}): Response {
  const init = { status, headers: body !== null ? { 'content-type': 'application/json; charset=utf-8', ...headers } : headers };
  return body !== null && body !== '' && status !== 204 && status !== 304 ? bufferedResponse(body, init) : new Response(body, init);
}

export function errorResponse(err: ApiError): Response {
  return respond(JSON.stringify(err.body()), err.status, err.headers);
}

/** Accept: the single-object media type, which makes any row count but one an error. */
export function wantsObject(call: RestRequest): boolean {
  return (call.req.headers.get('accept') ?? '').includes(OBJECT);
}

export function singularError(rows: number): ApiError {
  return new ApiError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
}

export function unsupportedMethod(req: Request): ApiError {
  return new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${req.method}`);
}

/** The JSON body; undefined when empty. */
export async function readBodyJson(call: RestRequest): Promise<unknown> {
  const text = await readText(call.req, call.api.p.config.maxBodyBytes);
  if (text.trim() === '') return undefined;
  try {
    return parseJson(text);
  } catch (err) {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', (err as Error).message);
  }
}

export async function tableNamed(call: RestRequest, name: string): Promise<Table> {
  const t = (await call.api.schema()).tables.get(name);
  if (!t) {
    throw new ApiError(404, 'PGRST205', `Could not find the table '${SCHEMA}.${name}' in the schema cache`, null, null);
  }
  return t;
}
