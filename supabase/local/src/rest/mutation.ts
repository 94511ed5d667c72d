/** POST / PATCH / DELETE on a table: the statement from write.ts, the answer PostgREST gives. */
import { ApiError } from './errors.ts';
import { OBJECT, readBodyJson, respond, SCHEMA, singularError, wantsObject, type RestRequest } from './context.ts';
import { Params } from './filters.ts';
import type { Table } from './schema.ts';
import { applyParams, buildReadPlan, checkAggregates, readSql } from './select.ts';
import type { Node } from './types.ts';
import { bodyOf, run, type ReadRow } from './transaction.ts';
import { bodyRows, deleteSql, insertSql, updateSql, writeColumns, type Returning } from './write.ts';

/** Builds the DML (null: nothing to do); `returning`: the columns the representation reads, `true` for every one. */
type BuildDml = (params: Params, returning: Returning) => string | null;

/**
 * The written rows' columns the representation reads: its columns and the ones its embeds join
 * on; every column for `*`. PostgREST returns only these, so a table whose columns are granted
 * one by one (listings, issue 41) answers `select=id` after a write as it does a read.
 */
function returnedColumns(node: Node): Returning {
  const cols = new Set<string>();
  for (const item of node.items) {
    if (item.kind === 'star') return true;
    if (item.kind === 'column' && item.field.name !== '*') cols.add(item.field.name);
  }
  for (const e of node.embeds) for (const c of e.rel.junction ? e.rel.fk.refColumns : e.rel.sourceColumns) cols.add(c);
  return [...cols];
}

/**
 * Runs a write. With `return=representation` the DML becomes a CTE that the read machinery
 * turns into the answer's JSON (`select=` shapes it). `filters`: the PATCH/DELETE conditions.
 */
async function write(call: RestRequest, table: Table, build: BuildDml, status: number, filters?: Node): Promise<Response> {
  const { url, prefer } = call;
  const c = await call.api.schema();
  const singular = wantsObject(call);
  const representation = prefer.return === 'representation';
  const params = new Params();
  let node: Node | undefined;
  if (representation) {
    node = buildReadPlan(c, { name: table.name, table }, new URLSearchParams(url.searchParams.has('select') ? { select: url.searchParams.get('select')! } : {}));
    checkAggregates(node, (await call.api.dbConfig()).aggregatesEnabled);
  }
  const dml = build(params, node ? returnedColumns(node) : false);
  let sql = dml;
  if (node && dml !== null) sql = `with _w as (${dml}) ${readSql(SCHEMA, node, '_w', params, { count: false, head: false, singular })}`;
  else node = undefined;
  return run(call, false, async (query) => {
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

/** Filters of a PATCH/DELETE (top level only; select/order/limit are about the representation). */
function filtersOnly(table: Table, url: URL): Node {
  const node: Node = { name: table.name, table, items: [], embeds: [], filters: [], order: [] };
  const search = new URLSearchParams();
  for (const [k, v] of url.searchParams) if (!['select', 'columns', 'on_conflict', 'order', 'limit', 'offset'].includes(k)) search.append(k, v);
  applyParams(node, search);
  return node;
}

/** POST: insert, or upsert with Prefer: resolution=…. */
export async function insertRows(call: RestRequest, table: Table): Promise<Response> {
  const q = call.url.searchParams;
  const rows = bodyRows(await readBodyJson(call));
  const columns = writeColumns(table, rows, q.get('columns'));
  return write(call, table, (params, returning) => insertSql(SCHEMA, table, rows, columns, call.prefer, q.get('on_conflict'), params, returning), 201);
}

/** PATCH: one object's columns set on every row the filters select. */
export async function updateRows(call: RestRequest, table: Table): Promise<Response> {
  const body = await readBodyJson(call);
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ApiError(400, 'PGRST102', 'Empty or invalid json');
  const patch = body as Record<string, unknown>;
  const columns = writeColumns(table, [patch], call.url.searchParams.get('columns'));
  const node = filtersOnly(table, call.url);
  return write(call, table, (params, returning) => (columns.length ? updateSql(SCHEMA, table, patch, columns, node, params, returning) : null), 204, node);
}

export async function deleteRows(call: RestRequest, table: Table): Promise<Response> {
  const node = filtersOnly(table, call.url);
  return write(call, table, (params, returning) => deleteSql(SCHEMA, table, node, params, returning), 204, node);
}
