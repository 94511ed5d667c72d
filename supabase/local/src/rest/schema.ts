/**
 * The schema cache: tables, views, columns, keys, foreign keys and functions of the exposed
 * schema, read once from the catalogs (and again on `NOTIFY pgrst, 'reload schema'`).
 */
import type { Queryable } from '../db/types.ts';

export interface Column {
  name: string;
  /** format_type() output, e.g. `integer`, `text[]`, `timestamp with time zone`. */
  type: string;
  hasDefault: boolean;
  /** The default expression (catalog text, never user input). */
  defaultExpr: string | null;
  generated: boolean;
}

export interface Table {
  name: string;
  isView: boolean;
  columns: Map<string, Column>;
  pk: string[];
  /** Column sets that are unique (pk and unique constraints). */
  uniques: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FnArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface Fn {
  name: string;
  args: FnArg[];
  returnType: string;
  /** Table (or view) name in the schema when the function returns its row type. */
  returnsTable: string | null;
  /** Composite (record / returns table / row type) results become objects. */
  composite: boolean;
  setof: boolean;
  isVoid: boolean;
  volatility: 'i' | 's' | 'v';
}

export interface SchemaCache {
  schema: string;
  tables: Map<string, Table>;
  fks: ForeignKey[];
  functions: Map<string, Fn[]>;
}

const TABLES_SQL = `
select c.relname as name, c.relkind::text as kind,
  coalesce((select json_agg(json_build_object(
      'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'hasDefault', a.atthasdef or a.attidentity <> '', 'generated', a.attgenerated <> '' or a.attidentity = 'a',
      'defaultExpr', pg_get_expr(d.adbin, d.adrelid)) order by a.attnum)
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  coalesce((select json_agg(json_build_object('type', k.contype,
      'cols', (select json_agg(a.attname order by u.ord) from unnest(k.conkey) with ordinality u(n, ord)
               join pg_attribute a on a.attrelid = c.oid and a.attnum = u.n)))
    from pg_constraint k where k.conrelid = c.oid and k.contype in ('p', 'u')), '[]') as keys
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'f', 'p')`;

const FKS_SQL = `
select k.conname as name, c.relname as "table", r.relname as "refTable",
  (select json_agg(a.attname order by u.ord) from unnest(k.conkey) with ordinality u(n, ord)
     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = u.n) as columns,
  (select json_agg(a.attname order by u.ord) from unnest(k.confkey) with ordinality u(n, ord)
     join pg_attribute a on a.attrelid = k.confrelid and a.attnum = u.n) as "refColumns"
from pg_constraint k
join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
join pg_class r on r.oid = k.confrelid join pg_namespace rn on rn.oid = r.relnamespace
where k.contype = 'f' and cn.nspname = $1 and rn.nspname = $1`;

const FUNCTIONS_SQL = `
select p.proname as name, p.proretset as setof, p.provolatile::text as volatility,
  format_type(p.prorettype, null) as "returnType",
  t.typtype::text as "retKind", rc.relname as "returnsTable", rcn.nspname as "returnsSchema",
  p.pronargs as nargs, p.pronargdefaults as ndefaults,
  coalesce((select json_agg(json_build_object('name', coalesce(p.proargnames[u.ord], ''), 'type', format_type(u.t, null)) order by u.ord)
    from unnest(p.proargtypes::oid[]) with ordinality u(t, ord)), '[]') as args,
  (p.proallargtypes is not null and exists (select from unnest(p.proargmodes) m where m in ('o', 't'))) as "hasOut"
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
join pg_type t on t.oid = p.prorettype
left join pg_class rc on rc.oid = t.typrelid left join pg_namespace rcn on rcn.oid = rc.relnamespace
where n.nspname = $1 and p.prokind = 'f'`;

type Json<T> = T | string;
const parse = <T>(v: Json<T>): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** Reads the catalogs of `schema` into a cache (three queries, at start and on reload). */
export async function loadSchema(db: Queryable, schema: string): Promise<SchemaCache> {
  const tables = new Map<string, Table>();
  const t = await db.query<{
    name: string;
    kind: string;
    columns: Json<Column[]>;
    keys: Json<{ type: string; cols: string[] }[]>;
  }>(TABLES_SQL, [schema]);
  for (const row of t.rows) {
    const columns = new Map(parse(row.columns).map((c) => [c.name, c]));
    const keys = parse(row.keys);
    tables.set(row.name, {
      name: row.name,
      isView: row.kind === 'v' || row.kind === 'm',
      columns,
      pk: keys.find((k) => k.type === 'p')?.cols ?? [],
      uniques: keys.map((k) => k.cols),
    });
  }
  const f = await db.query<{ name: string; table: string; refTable: string; columns: Json<string[]>; refColumns: Json<string[]> }>(
    FKS_SQL,
    [schema],
  );
  const fks = f.rows.map((r) => ({ ...r, columns: parse(r.columns), refColumns: parse(r.refColumns) }));
  const p = await db.query<{
    name: string;
    setof: boolean;
    volatility: 'i' | 's' | 'v';
    returnType: string;
    retKind: string;
    returnsTable: string | null;
    returnsSchema: string | null;
    nargs: number;
    ndefaults: number;
    args: Json<{ name: string; type: string }[]>;
    hasOut: boolean;
  }>(FUNCTIONS_SQL, [schema]);
  const functions = new Map<string, Fn[]>();
  for (const r of p.rows) {
    const args = parse(r.args);
    const firstDefault = args.length - r.ndefaults;
    const fn: Fn = {
      name: r.name,
      args: args.map((a, i) => ({ ...a, hasDefault: i >= firstDefault })),
      returnType: r.returnType,
      returnsTable: r.returnsSchema === schema ? r.returnsTable : null,
      composite: r.retKind === 'c' || r.returnType === 'record' || r.hasOut,
      setof: r.setof,
      isVoid: r.returnType === 'void',
      volatility: r.volatility,
    };
    // A single OUT parameter makes the function return that scalar, not a record.
    if (r.hasOut && r.returnType !== 'record' && r.retKind !== 'c') fn.composite = false;
    const list = functions.get(r.name) ?? [];
    list.push(fn);
    functions.set(r.name, list);
  }
  return { schema, tables, fks, functions };
}

export interface Relationship {
  /**
   * 'm2o': the source row points at one target row; 'o2m': many target rows point at the source;
   * 'm2m': through a junction table with a foreign key to each side.
   */
  kind: 'm2o' | 'o2m' | 'o2o' | 'm2m';
  fk: ForeignKey;
  /** m2m only: junction → source (fk) and junction → target (targetFk). */
  junction?: { table: string; targetFk: ForeignKey };
  /** Source columns and target columns joined pairwise. */
  sourceColumns: string[];
  targetColumns: string[];
  toOne: boolean;
}

function isUnique(table: Table | undefined, cols: string[]): boolean {
  if (!table) return false;
  const want = [...cols].sort().join(',');
  return table.uniques.some((u) => [...u].sort().join(',') === want);
}

/** Every FK relationship between `source` and `target`, both directions. */
export function relationships(cache: SchemaCache, source: string, target: string): Relationship[] {
  const out: Relationship[] = [];
  for (const fk of cache.fks) {
    if (fk.table === source && fk.refTable === target) {
      out.push({ kind: 'm2o', fk, sourceColumns: fk.columns, targetColumns: fk.refColumns, toOne: true });
    }
    if (fk.refTable === source && fk.table === target) {
      const oneToOne = isUnique(cache.tables.get(target), fk.columns);
      out.push({ kind: oneToOne ? 'o2o' : 'o2m', fk, sourceColumns: fk.refColumns, targetColumns: fk.columns, toOne: oneToOne });
    }
  }
  // Many-to-many: a junction table J with FKs J → source and J → target (only when no direct one).
  if (out.length === 0) {
    for (const toSource of cache.fks) {
      if (toSource.refTable !== source || toSource.table === source || toSource.table === target) continue;
      for (const toTarget of cache.fks) {
        if (toTarget === toSource || toTarget.table !== toSource.table || toTarget.refTable !== target) continue;
        out.push({
          kind: 'm2m',
          fk: toSource,
          sourceColumns: toSource.refColumns,
          targetColumns: toTarget.refColumns,
          toOne: false,
          junction: { table: toSource.table, targetFk: toTarget },
        });
      }
    }
  }
  return out;
}
