/** /rpc/<fn>: picking the overload, binding named arguments, and shaping the result like PostgREST. */
import { readBodyJson, respond, type RestRequest } from './context.ts';
import { ApiError } from './errors.ts';
import { ident, Params } from './filters.ts';
import { limitBodySize } from './limits.ts';
import { toPgArray } from './parse.ts';
import { read } from './read.ts';
import type { Fn, SchemaCache } from './schema.ts';
import { bodyOf, run, type ReadRow } from './transaction.ts';

/** PGRST202: no function with that name takes those arguments. */
export function unknownFunction(schema: string, name: string, keys: string[]): ApiError {
  const sorted = [...keys].sort();
  return new ApiError(
    404,
    'PGRST202',
    `Could not find the function ${schema}.${name}${sorted.length ? `(${sorted.join(', ')})` : ' without parameters'} in the schema cache`,
    `Searched for the function ${schema}.${name}${sorted.length ? ` with parameters ${sorted.join(', ')}` : ' without parameters'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    null,
  );
}

const isJsonType = (t: string) => t === 'json' || t === 'jsonb';

export interface Call {
  fn: Fn;
  /** The call expression, e.g. `"public"."f"("a" => $1::integer)`. */
  sql: string;
}

/** Chooses the overload whose parameter names fit `args` (every key known, every required one given). */
export function resolveCall(cache: SchemaCache, name: string, args: Record<string, unknown>, params: Params, fromQuery: boolean): Call {
  const overloads = cache.functions.get(name) ?? [];
  const keys = Object.keys(args);
  const callee = `${ident(cache.schema)}.${ident(name)}`;
  for (const fn of overloads) {
    const names = new Set(fn.args.map((a) => a.name));
    const fits = keys.every((k) => names.has(k)) && fn.args.every((a) => a.hasDefault || keys.includes(a.name));
    if (fits && fn.args.every((a) => a.name !== '' || a.hasDefault)) {
      const bound = fn.args
        .filter((a) => keys.includes(a.name))
        .map((a) => `${ident(a.name)} => ${params.add(toText(args[a.name], a.type, fromQuery))}::${a.type}`);
      return { fn, sql: `${callee}(${bound.join(', ')})` };
    }
  }
  // A single unnamed json/jsonb parameter takes the whole body.
  if (!fromQuery) {
    const single = overloads.find((fn) => fn.args.length === 1 && fn.args[0]!.name === '' && isJsonType(fn.args[0]!.type));
    if (single) return { fn: single, sql: `${callee}(${params.add(JSON.stringify(args))}::${single.args[0]!.type})` };
  }
  throw unknownFunction(cache.schema, name, keys);
}

/** A JSON argument → the text Postgres parses for the parameter's type. */
function toText(value: unknown, type: string, fromQuery: boolean): string | null {
  if (value === null || value === undefined) return null;
  if (fromQuery) return String(value);
  if (isJsonType(type)) return JSON.stringify(value);
  if (Array.isArray(value)) return toPgArray(value);
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The arguments of a call: GET/HEAD take the query parameters named like the function's arguments, POST a JSON object. */
async function callArgs(call: RestRequest, cache: SchemaCache, name: string, fromQuery: boolean): Promise<{ args: Record<string, unknown>; skip: Set<string> }> {
  const skip = new Set<string>();
  if (!fromQuery) {
    const body = await readBodyJson(call);
    if (body !== undefined && (body === null || typeof body !== 'object' || Array.isArray(body))) {
      throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
    }
    return { args: (body as Record<string, unknown> | undefined) ?? {}, skip };
  }
  const args: Record<string, unknown> = {};
  const names = new Set((cache.functions.get(name) ?? []).flatMap((f) => f.args.map((a) => a.name)));
  for (const [k, v] of call.url.searchParams) {
    if (names.has(k)) {
      args[k] = v;
      skip.add(k);
    }
  }
  return { args, skip };
}

/** GET, HEAD or POST /rpc/<name>. */
export async function callFunction(call: RestRequest, name: string): Promise<Response> {
  const cache = await call.api.schema();
  const fromQuery = call.req.method !== 'POST';
  const { args, skip } = await callArgs(call, cache, name, fromQuery);
  const params = new Params();
  const { fn, sql } = resolveCall(cache, name, args, params, fromQuery);
  // Like PostgREST, GET runs read-only (a volatile function that writes fails with 25006, 405),
  // and so does any call of a stable or immutable function.
  const readOnly = fromQuery || fn.volatility !== 'v';
  if (fn.isVoid) {
    return run(call, readOnly, async (query) => {
      await query(`select ${sql}`, params.values, undefined, true);
      return respond(null, 204);
    });
  }
  if (!fn.setof && !fn.composite) {
    return run(call, readOnly, async (query) => {
      const r = await query<ReadRow>(limitBodySize(`select null as total, 1 as page, to_json(${sql})::text as body`), params.values, undefined, true);
      return respond(bodyOf(r.rows[0]!), 200);
    });
  }
  // Composite or set-returning: a FROM item the read machinery can filter, order and page;
  // the same Params keep the call's argument numbers.
  const table = fn.returnsTable ? (cache.tables.get(fn.returnsTable) ?? null) : null;
  const scalar = fn.composite ? undefined : name;
  return read(call, { sql, node: { name, table: scalar ? null : table }, skip, scalar, single: !fn.setof, readOnly }, params);
}
