/** The REST routes: the OpenAPI root, /rpc/<function> and /<table>, each behind the caller's JWT. */
import type { RequestAuth } from '../db/types.ts';
import { routeBuilder, type ParamsOf, type Route } from '../router.ts';
import { respond, SCHEMA, tableNamed, unsupportedMethod, type RestApi, type RestRequest } from './context.ts';
import { ApiError, fromPgError, isPgError } from './errors.ts';
import { ident } from './filters.ts';
import { deleteRows, insertRows, updateRows } from './mutation.ts';
import { parsePrefer } from './parse.ts';
import { read } from './read.ts';
import { callFunction } from './rpc.ts';

/** jwt: the role of the Bearer token or apikey (anon without either), for a schema served. */
export type RestGuards = { jwt: RequestAuth };

/** The root: the tables as OpenAPI paths (names only). */
async function openApi(call: RestRequest): Promise<Response> {
  const c = await call.api.schema();
  const paths = Object.fromEntries([...c.tables.keys()].map((t) => [`/${t}`, {}]));
  return respond(JSON.stringify({ swagger: '2.0', info: { title: 'supabase-local', version: '12' }, paths }), 200);
}

export function restRoutes(api: RestApi): Route<RestGuards>[] {
  const r = routeBuilder<RestGuards>();
  /** A route whose handler gets the request's context; database errors take the caller's role into account. */
  const route = <P extends string>(method: string | string[], path: P, handler: (call: RestRequest, params: ParamsOf<P>) => Promise<Response>) =>
    r(method, path, 'jwt', async (req, params, auth) => {
      const call: RestRequest = { api, req, auth, url: new URL(req.url), prefer: parsePrefer(req.headers.get('prefer')) };
      try {
        return await handler(call, params);
      } catch (err) {
        throw isPgError(err) ? fromPgError(err, auth.role) : err;
      }
    });
  return [
    route('*', '/', openApi),
    route(['GET', 'HEAD', 'POST'], '/rpc/:name/?', (call, { name }) => callFunction(call, name)),
    route('*', '/rpc/:name/?', async (call) => {
      throw unsupportedMethod(call.req);
    }),
    route(['GET', 'HEAD'], '/:name/?', async (call, { name }) => {
      const table = await tableNamed(call, name);
      // Read-only, as PostgREST runs every GET.
      return read(call, { sql: `${ident(SCHEMA)}.${ident(table.name)}`, node: { name: table.name, table }, readOnly: true });
    }),
    route('POST', '/:name/?', async (call, { name }) => insertRows(call, await tableNamed(call, name))),
    route('PATCH', '/:name/?', async (call, { name }) => updateRows(call, await tableNamed(call, name))),
    route('DELETE', '/:name/?', async (call, { name }) => deleteRows(call, await tableNamed(call, name))),
    // An unknown table is reported (404) before an unsupported method (405).
    route('*', '/:name/?', async (call, { name }) => {
      await tableNamed(call, name);
      throw unsupportedMethod(call.req);
    }),
    // Last: every other path, once the caller is known, as PostgREST checks the JWT first.
    route('*', '/*', async () => {
      throw new ApiError(404, 'PGRST125', 'Invalid path specified in request URL');
    }),
  ];
}
