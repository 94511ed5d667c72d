/** INSERT / UPSERT / UPDATE / DELETE statements, PostgREST style (JSON body bound as one parameter). */
import { ApiError } from './errors.ts';
import { filterSql, ident, Params } from './filters.ts';
import { splitTop, type Prefer } from './parse.ts';
import type { Node } from './types.ts';
import type { Table } from './schema.ts';

/** PGRST204: a payload or `columns=` key that is not a column. */
export function unknownPayloadColumn(table: string, column: string): ApiError {
  return new ApiError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
}

/**
 * Supabase runs PostgREST with pg-safeupdate: an UPDATE or DELETE without a WHERE clause fails
 * with SQLSTATE 21000, which PostgREST answers with 400. Only filters make a WHERE clause.
 */
function whereClause(command: 'UPDATE' | 'DELETE', node: Node, alias: string, table: Table, params: Params): string {
  if (node.filters.length === 0) throw new ApiError(400, '21000', `${command} requires a WHERE clause`);
  return ` where ${node.filters.map((f) => filterSql(f, alias, table, table.name, params)).join(' and ')}`;
}

/** What a write returns: nothing, every column, or these columns (what the representation reads). */
export type Returning = boolean | string[];

/** The RETURNING clause of `returning` ('' for none). */
function returningSql(alias: string, returning: Returning): string {
  if (returning === false) return '';
  if (returning === true) return ` returning ${alias}.*`;
  return ` returning ${returning.length ? returning.map((c) => `${alias}.${ident(c)}`).join(', ') : '1 as _'}`;
}

function invalidBody(message: string): ApiError {
  return new ApiError(400, 'PGRST102', message);
}

/** The rows of an insert body: one object or an array of objects. */
export function bodyRows(body: unknown): Record<string, unknown>[] {
  if (body === undefined) return [{}];
  const rows = Array.isArray(body) ? body : [body];
  for (const r of rows) {
    if (!r || typeof r !== 'object' || Array.isArray(r)) throw invalidBody('All object keys must match');
  }
  return rows as Record<string, unknown>[];
}

function quotedList(value: string): string[] {
  return splitTop(value).map((c) => {
    const t = c.trim();
    return t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1) : t;
  });
}

/** Columns written: `columns=` when given, else the union of the payload's keys, each checked. */
export function writeColumns(table: Table, rows: Record<string, unknown>[], columnsParam: string | null): string[] {
  const cols = columnsParam !== null ? quotedList(columnsParam) : [...new Set(rows.flatMap((r) => Object.keys(r)))];
  for (const c of cols) if (!table.columns.has(c)) throw unknownPayloadColumn(table.name, c);
  return cols;
}

/**
 * `insert into t (cols) select … from jsonb_array_elements($1)` — Postgres converts each JSON
 * value to the column's type. Missing keys are NULL unless Prefer missing=default.
 */
export function insertSql(
  schema: string,
  table: Table,
  rows: Record<string, unknown>[],
  columns: string[],
  prefer: Prefer,
  onConflict: string | null,
  params: Params,
  returning: Returning,
): string {
  const target = `${ident(schema)}.${ident(table.name)}`;
  const alias = ident(table.name);
  const body = params.add(JSON.stringify(rows));
  const exprs = columns.map((c) => {
    const col = table.columns.get(c)!;
    if (prefer.missing === 'default' && col.defaultExpr) {
      return `case when _e.j ? ${params.add(c)} then _r.${ident(c)} else (${col.defaultExpr}) end`;
    }
    return `_r.${ident(c)}`;
  });
  let sql =
    `insert into ${target} as ${alias} ${columns.length ? `(${columns.map(ident).join(', ')}) ` : ''}` +
    `select ${exprs.join(', ')} from jsonb_array_elements(${body}::jsonb) with ordinality _e(j, n), ` +
    `lateral jsonb_populate_record(null::${target}, _e.j) _r order by _e.n`;
  if (prefer.resolution) {
    const conflict = onConflict !== null ? quotedList(onConflict) : table.pk;
    if (conflict.length === 0) throw new ApiError(400, 'PGRST100', `'on_conflict' is required: '${table.name}' has no primary key`);
    for (const c of conflict) if (!table.columns.has(c)) throw unknownPayloadColumn(table.name, c);
    const updates = columns.filter((c) => !conflict.includes(c));
    sql += ` on conflict (${conflict.map(ident).join(', ')})`;
    sql +=
      prefer.resolution === 'ignore-duplicates' || updates.length === 0
        ? ' do nothing'
        : ` do update set ${updates.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
  }
  return sql + returningSql(alias, returning);
}

/** `update t set c = _r.c … from jsonb_populate_record(…) _r where <filters>` */
export function updateSql(schema: string, table: Table, patch: Record<string, unknown>, columns: string[], node: Node, params: Params, returning: Returning): string {
  const target = `${ident(schema)}.${ident(table.name)}`;
  const alias = ident(table.name);
  const body = params.add(JSON.stringify(patch));
  const sets = columns.map((c) => `${ident(c)} = _r.${ident(c)}`).join(', ');
  return (
    `update ${target} as ${alias} set ${sets} from jsonb_populate_record(null::${target}, ${body}::jsonb) _r` +
    whereClause('UPDATE', node, alias, table, params) +
    returningSql(alias, returning)
  );
}

/** `delete from t where <filters>` */
export function deleteSql(schema: string, table: Table, node: Node, params: Params, returning: Returning): string {
  const alias = ident(table.name);
  return (
    `delete from ${ident(schema)}.${ident(table.name)} as ${alias}` +
    whereClause('DELETE', node, alias, table, params) +
    returningSql(alias, returning)
  );
}
