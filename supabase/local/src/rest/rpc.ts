/** /rpc/<fn>: picking the overload, binding named arguments, and shaping the result like PostgREST. */
import { ApiError } from './errors.ts';
import { ident, type Params } from './filters.ts';
import { toPgArray } from './parse.ts';
import type { Fn, SchemaCache } from './schema.ts';

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
