/**
 * The REST API (PostgREST's contract as postgrest-js uses it): each request is one statement in
 * one transaction as the JWT's role, so grants and row-level security decide; Postgres builds
 * the JSON. Modules: routes.ts (paths), context.ts (what a handler gets), read.ts, mutation.ts
 * and rpc.ts (the handlers), transaction.ts (the role's transaction), parse.ts (query grammar),
 * schema.ts and schema-cache.ts (catalog cache), select.ts (reads and embeds), filters.ts
 * (conditions), write.ts (DML), errors.ts (statuses), limits.ts (what one request may cost),
 * headers.ts (what SQL reads as request.headers), inflight.ts (how many requests one caller runs).
 * db-config.ts (PostgREST's in-database settings: db-aggregates-enabled).
 * Not implemented: embeds through views, ordering by embedded columns, spread aggregates, CSV/plan
 * output, PUT, limits on PATCH/DELETE.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import type { ApiModule, Platform } from '../core/types.ts';
import type { RequestAuth } from '../db/types.ts';
import { PayloadTooLargeError } from '../http.ts';
import { TokenError } from '../jwt.ts';
import { createRouter } from '../router.ts';
import { errorResponse, SCHEMA, type RestApi } from './context.ts';
import { ApiError } from './errors.ts';
import { sqlHeaders } from './headers.ts';
import { InFlightLimiter, inFlightKey } from './inflight.ts';
import { restRoutes } from './routes.ts';
import { DbConfigCache } from './db-config.ts';
import { createSchemaCache } from './schema-cache.ts';

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

/** The caller's role from the JWT (PGRST301/303 when bad), and a schema this API serves (PGRST106). */
async function caller(p: Platform, req: Request): Promise<RequestAuth> {
  let auth: RequestAuth;
  try {
    auth = await p.jwt.authenticate(req.headers);
  } catch (err) {
    if (!(err instanceof TokenError)) throw err;
    const expired = err.reason === 'expired';
    throw new ApiError(401, expired ? 'PGRST303' : 'PGRST301', expired ? 'JWT expired' : err.message || 'Invalid JWT', null, null, {
      'www-authenticate': `Bearer error="invalid_token", error_description="${expired ? 'JWT expired' : 'invalid JWT'}"`,
    });
  }
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  const profile = req.headers.get(readOnly ? 'accept-profile' : 'content-profile');
  if (profile && profile !== SCHEMA) {
    throw new ApiError(406, 'PGRST106', `The schema must be one of the following: ${SCHEMA}`, null, null);
  }
  return { ...auth, headers: sqlHeaders(req, p.config.auth.rateLimitHeader) };
}

function decodeName(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new ApiError(400, 'PGRST100', 'Invalid path specified in request URL', `could not decode "${segment}"`);
  }
}

/** Mounts the REST API at /rest/v1 and keeps its schema cache fresh. */
export async function createRestApi(p: Platform): Promise<ApiModule> {
  const cache = createSchemaCache(p.db, SCHEMA);
  const dbConfig = new DbConfigCache(p.db);
  const api: RestApi = { p, schema: () => cache.get(), dbConfig: () => dbConfig.get(), maxRows: readMaxRows(p.config.supabaseDir) };
  const route = createRouter(restRoutes(api), { jwt: (req) => caller(p, req) }, decodeName);
  const inFlight = new InFlightLimiter();
  let stopListening: (() => Promise<void>) | undefined;

  return {
    prefix: '/rest/v1',
    needsApiKey: () => true,
    async handle(req, path) {
      try {
        const key = await inFlightKey(() => p.jwt.authenticate(req.headers), req, p.config.auth.rateLimitHeader);
        // The last route takes every path.
        const answer = async () => (await route(req, path))!;
        return key === null ? await answer() : await inFlight.run(key, answer);
      } catch (err) {
        if (err instanceof ApiError) return errorResponse(err);
        if (err instanceof PayloadTooLargeError) return errorResponse(new ApiError(413, 'PGRST413', err.message));
        p.log('rest', `${req.method} ${path} failed: ${(err as Error).stack ?? String(err)}`);
        return errorResponse(new ApiError(500, 'PGRST000', (err as Error).message || 'Internal error'));
      }
    },
    async start() {
      await cache.reload();
      stopListening = await p.db.listen('pgrst', (payload) => {
        // PostgREST re-reads the roles' settings on 'reload config'.
        if (payload.includes('reload config')) {
          p.db.reloadRoleSettings();
          dbConfig.clear();
        }
        if (payload === '' || payload.includes('reload schema') || payload.includes('reload')) {
          cache.reload().catch((err: Error) => p.log('rest', `schema reload failed: ${err.message}`));
        }
      });
    },
    async stop() {
      await stopListening?.();
    },
  };
}
