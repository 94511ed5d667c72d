/** Filters and orders → SQL conditions over a known alias, values always bound as parameters. */
import { ApiError, parseError } from './errors.ts';
import { toPgArray } from './parse.ts';
import type { Table } from './schema.ts';
import type { Condition, Field, Filter, OrderTerm } from './types.ts';

/** Collects bind parameters for one statement. */
export class Params {
  readonly values: unknown[] = [];
  private n = 0;

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }

  /** A fresh SQL alias (`_t1`, `_e2`, …). */
  alias(prefix: string): string {
    this.n += 1;
    return `${prefix}${this.n}`;
  }
}

/** A quoted identifier. */
export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/** PostgREST's message for a column missing from the schema cache (SQLSTATE 42703). */
export function unknownColumn(table: string, column: string): ApiError {
  return new ApiError(400, '42703', `column ${table}.${column} does not exist`);
}

/** Checks a column exists (when the source's columns are known). */
export function checkColumn(table: Table | null, tableName: string, column: string): void {
  if (table && !table.columns.has(column)) throw unknownColumn(tableName, column);
}

/** `alias."col"->'a'->>'b'` with keys bound as parameters. */
export function fieldSql(alias: string, field: Field, params: Params): string {
  let sql = `${alias}.${ident(field.name)}`;
  for (const step of field.json) {
    const key = /^-?\d+$/.test(step.key) ? `${params.add(step.key)}::int` : `${params.add(step.key)}::text`;
    sql += `${step.arrow}${key}`;
  }
  return sql;
}

const COMPARE: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
};

const TSQUERY: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function likePattern(op: string, v: string): string {
  return op === 'like' || op === 'ilike' ? v.replace(/\*/g, '%') : v;
}

function conditionSql(c: Condition, alias: string, table: Table | null, tableName: string, params: Params): string {
  checkColumn(table, tableName, c.field.name);
  const lhs = fieldSql(alias, c.field, params);
  let sql: string;
  switch (c.op) {
    case 'is': {
      const v = c.value.toLowerCase();
      sql = v === 'not_null' ? `${lhs} is not null` : `${lhs} is ${v}`;
      break;
    }
    case 'in':
      sql = c.list!.length === 0 ? 'false' : `${lhs} = any(${params.add(toPgArray(c.list!))})`;
      break;
    case 'fts':
    case 'plfts':
    case 'phfts':
    case 'wfts': {
      const cfg = c.config ? `${params.add(c.config)}::regconfig, ` : '';
      const type = c.field.json.length === 0 ? table?.columns.get(c.field.name)?.type : undefined;
      const vector = type === 'tsvector' ? lhs : `to_tsvector(${cfg}${lhs})`;
      sql = `${vector} @@ ${TSQUERY[c.op]}(${cfg}${params.add(c.value)})`;
      break;
    }
    default: {
      const op = COMPARE[c.op];
      if (!op) throw parseError('failed to parse filter', `unknown operator "${c.op}"`);
      if (c.quantifier) {
        const list = c.list!.map((v) => likePattern(c.op, v));
        sql = `${lhs} ${op} ${c.quantifier}(${params.add(toPgArray(list))})`;
      } else {
        sql = `${lhs} ${op} ${params.add(likePattern(c.op, c.value))}`;
      }
    }
  }
  return c.negate ? `not (${sql})` : sql;
}

/** One filter (condition or and/or tree) as SQL over `alias`. */
export function filterSql(f: Filter, alias: string, table: Table | null, tableName: string, params: Params): string {
  if (f.kind === 'cond') return conditionSql(f, alias, table, tableName, params);
  const parts = f.children.map((child) => filterSql(child, alias, table, tableName, params));
  const sql = `(${parts.join(f.op === 'or' ? ' or ' : ' and ')})`;
  return f.negate ? `not ${sql}` : sql;
}

/** `order by` terms over `alias`. */
export function orderSql(terms: OrderTerm[], alias: string, table: Table | null, tableName: string, params: Params): string {
  return terms
    .map((t) => {
      checkColumn(table, tableName, t.field.name);
      return `${fieldSql(alias, t.field, params)} ${t.desc ? 'desc' : 'asc'}${t.nulls ? ` nulls ${t.nulls}` : ''}`;
    })
    .join(', ');
}
