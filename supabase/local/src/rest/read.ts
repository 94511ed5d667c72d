/** GET/HEAD of a table or view, and every set- or row-returning function call. */
import { OBJECT, respond, SCHEMA, singularError, wantsObject, type RestRequest } from './context.ts';
import { Params } from './filters.ts';
import type { Table } from './schema.ts';
import { buildReadPlan, checkAggregates, readSql } from './select.ts';
import { bodyOf, run, type ReadRow } from './transaction.ts';

export interface ReadSource {
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

/** `Content-Range: 0-9/42` (or `*\u200b/42` when empty). */
function contentRange(offset: number, page: number, total: number | null): string {
  const range = page > 0 ? `${offset}-${offset + page - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** `params` already holds a function call's arguments, whose numbers `source.sql` uses. */
export async function read(call: RestRequest, source: ReadSource, params = new Params()): Promise<Response> {
  const { req, url, prefer, api } = call;
  const head = req.method === 'HEAD';
  const strict = wantsObject(call);
  const node = buildReadPlan(await api.schema(), source.node, url.searchParams, source.skip);
  checkAggregates(node, (await api.dbConfig()).aggregatesEnabled);
  if (api.maxRows !== undefined && !source.single && !source.scalar) node.limit = Math.min(node.limit ?? api.maxRows, api.maxRows);
  const sql = readSql(SCHEMA, node, source.sql, params, {
    count: Boolean(prefer.count),
    head,
    singular: strict || Boolean(source.single),
    scalarColumn: source.scalar,
  });
  return run(call, source.readOnly ?? false, async (query) => {
    const row = (await query<ReadRow>(sql, params.values, node, true)).rows[0]!;
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
