/**
 * Read plans: the select tree with its embedded resources resolved through foreign keys, the
 * query parameters distributed over it, and the one SQL statement that Postgres turns into JSON.
 */
import { ApiError, parseError } from './errors.ts';
import { checkColumn, fieldSql, filterSql, ident, orderSql, Params } from './filters.ts';
import { limitBodySize } from './limits.ts';
import {
  parseCount,
  parseKey,
  parseField,
  parseLogic,
  parseOperation,
  parseOrder,
  parseSelect,
} from './parse.ts';
import { relationships, type SchemaCache } from './schema.ts';
import type { Embed, Node, SelectItem } from './types.ts';

function resolveEmbed(cache: SchemaCache, parent: Node, item: Extract<SelectItem, { kind: 'embed' }>): Embed {
  const source = parent.table?.name ?? parent.name;
  const target = cache.tables.get(item.name);
  const notFound = () =>
    new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${source}' and '${item.name}' in the schema cache`,
      `Searched for a foreign key relationship between '${source}' and '${item.name}'${item.hint ? ` using the hint '${item.hint}'` : ''} in the schema '${cache.schema}', but no matches were found.`,
      null,
    );
  if (!target || !parent.table) throw notFound();
  let rels = relationships(cache, source, item.name);
  if (item.hint) {
    const h = item.hint;
    rels = rels.filter(
      (r) =>
        r.fk.name === h ||
        r.junction?.table === h ||
        r.junction?.targetFk.name === h ||
        (r.fk.columns.length === 1 && r.fk.columns[0] === h) ||
        (r.sourceColumns.length === 1 && r.sourceColumns[0] === h),
    );
  }
  if (rels.length === 0) throw notFound();
  if (rels.length > 1) {
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${source}' and '${item.name}'`,
      rels.map((r) => `${{ m2o: 'many-to-one', o2o: 'one-to-one', o2m: 'one-to-many', m2m: 'many-to-many' }[r.kind]} via ${r.junction ? r.junction.table : r.fk.name}`).join('; '),
      `Try changing '${item.name}' to one of the following: ${rels.map((r) => `'${item.name}!${r.junction ? r.junction.table : r.fk.name}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  const rel = rels[0]!;
  if (item.spread && !rel.toOne) {
    throw new ApiError(400, 'PGRST119', `A spread operation on '${item.name}' is not possible`, `'${source}' and '${item.name}' do not form a many-to-one or one-to-one relationship`);
  }
  const node: Embed = {
    name: item.name,
    table: target,
    items: item.items.length ? item.items : [{ kind: 'star' }],
    embeds: [],
    filters: [],
    order: [],
    key: item.alias ?? item.name,
    rel,
    inner: item.inner,
    spread: item.spread,
  };
  node.embeds = collectEmbeds(cache, node);
  return node;
}

function collectEmbeds(cache: SchemaCache, node: Node): Embed[] {
  const out: Embed[] = [];
  for (const item of node.items) {
    if (item.kind === 'embed') out.push(resolveEmbed(cache, node, item));
    else if (item.kind === 'column') {
      // PostgREST's older `count` (no parentheses) on a table without such a column counts rows.
      if (!item.agg && item.field.name === 'count' && !item.field.json.length && node.table && !node.table.columns.has('count')) {
        Object.assign(item, { field: { name: '*', json: [] }, agg: 'count', legacyCount: true });
      }
      if (item.field.name !== '*') checkColumn(node.table, node.name, item.field.name);
    }
  }
  return out;
}

/** PostgREST's PGRST123: an aggregate (`col.sum()`, `count()`) when `db-aggregates-enabled` is off. */
export function checkAggregates(root: Node, enabled: boolean): void {
  if (enabled) return;
  const walk = (node: Node): boolean =>
    node.items.some((i) => i.kind === 'column' && i.agg !== undefined && !i.legacyCount) || node.embeds.some(walk);
  if (walk(root)) throw new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed', null, null);
}

/** Whether the node's own select list aggregates (its other columns then group the rows). */
function aggregates(node: Node): boolean {
  return node.items.some((i) => i.kind === 'column' && i.agg !== undefined);
}

function findNode(root: Node, path: string[]): Node {
  let node: Node = root;
  for (const key of path) {
    const next: Embed | undefined = node.embeds.find((e) => e.key === key);
    if (!next) {
      throw new ApiError(400, 'PGRST108', `'${key}' is not an embedded resource in this request`, null, `Verify that '${key}' is included in the 'select' query parameter.`);
    }
    node = next;
  }
  return node;
}

/**
 * Builds the read tree for `name` from the query string. `skip` names parameters that are not
 * filters (function arguments on GET /rpc).
 */
export function buildReadPlan(cache: SchemaCache, root: Omit<Node, 'embeds' | 'filters' | 'order' | 'items'>, search: URLSearchParams, skip: Set<string> = new Set()): Node {
  const node: Node = { ...root, items: parseSelect(search.get('select')), embeds: [], filters: [], order: [] };
  node.embeds = collectEmbeds(cache, node);
  applyParams(node, search, skip);
  return node;
}

/** Distributes filters, order, limit and offset over the tree (`rel.order=`, `rel.col=eq.x`, …). */
export function applyParams(root: Node, search: URLSearchParams, skip: Set<string> = new Set()): void {
  for (const [key, value] of search) {
    if (skip.has(key) || key === 'select' || key === 'columns' || key === 'on_conflict') continue;
    const logic = /^(not\.)?(or|and)$/.exec(key) ?? /^(.+?)\.(not\.)?(or|and)$/.exec(key);
    if (logic) {
      const rooted = logic.length === 3;
      const path = rooted ? [] : logic[1]!.split('.');
      const negate = Boolean(rooted ? logic[1] : logic[2]);
      const op = (rooted ? logic[2] : logic[3]) as 'and' | 'or';
      findNode(root, path).filters.push(parseLogic(path, op, negate, value));
      continue;
    }
    const special = /^(?:(.*)\.)?(order|limit|offset)$/.exec(key);
    if (special) {
      const node = findNode(root, special[1] ? special[1].split('.') : []);
      if (special[2] === 'order') node.order.push(...parseOrder(value));
      else if (special[2] === 'limit') node.limit = parseCount('limit', value);
      else node.offset = parseCount('offset', value);
      continue;
    }
    const { path, last } = parseKey(key);
    const node = findNode(root, path);
    const embed = node.embeds.find((e) => e.key === last);
    if (embed && /^(not\.)?is\.null$/.test(value)) {
      embed.nullFilter = value.startsWith('not.') ? 'not_null' : 'null';
      continue;
    }
    if (!value.includes('.')) throw parseError('failed to parse filter', `unexpected "${value}" in "${key}"`);
    node.filters.push(parseOperation(path, parseField(last), value));
  }
}

interface Built {
  select: string;
  from: string;
  where: string[];
  tail: string;
}

/**
 * SQL for one node: `select <cols> from <source> <alias> <laterals> where … order … limit …`.
 * `mode: 'count'` keeps only what filters the rows (no columns, no order, no paging).
 */
function buildNode(schema: string, node: Node, source: string, alias: string, correlation: string[], params: Params, mode: 'rows' | 'count', aliased = false): string {
  const b: Built = { select: '', from: aliased ? source : `${source} ${alias}`, where: [...correlation], tail: '' };
  const cols: string[] = [];
  for (const f of node.filters) b.where.push(filterSql(f, alias, node.table, node.name, params));
  const embedSql = new Map<Embed, string>();
  for (const e of node.embeds) {
    const needed = mode === 'rows' || e.inner || e.nullFilter !== undefined;
    if (!needed) continue;
    const ea = params.alias('_e');
    const child = params.alias('_t');
    let target = `${ident(schema)}.${ident(e.name)}`;
    let corr: string[];
    const j = e.rel.junction;
    if (j) {
      // tags _t2 join book_tags _j2 on _j2.tag_id = _t2.id  where _j2.book_id = books.id
      const ja = params.alias('_j');
      const on = j.targetFk.columns.map((jc, i) => `${ja}.${ident(jc)} = ${child}.${ident(j.targetFk.refColumns[i]!)}`);
      target += ` ${child} join ${ident(schema)}.${ident(j.table)} ${ja} on ${on.join(' and ')}`;
      corr = e.rel.fk.columns.map((jc, i) => `${ja}.${ident(jc)} = ${alias}.${ident(e.rel.fk.refColumns[i]!)}`);
    } else {
      corr = e.rel.sourceColumns.map((sc, i) => `${child}.${ident(e.rel.targetColumns[i]!)} = ${alias}.${ident(sc)}`);
    }
    const inner = buildNode(schema, e, target, child, corr, params, 'rows', Boolean(j));
    if (e.spread) {
      b.from += ` left join lateral (${inner}) ${ea} on true`;
      if (e.inner || e.nullFilter === 'not_null') b.where.push(`${ea} is not null`);
      embedSql.set(e, `${ea}.*`);
    } else {
      // A grouped node groups by its embeds too, and json has no equality: jsonb there.
      const grouped = mode === 'rows' && aggregates(node);
      const agg = e.rel.toOne ? `${grouped ? 'to_jsonb' : 'row_to_json'}(${ea}_r)` : `${grouped ? 'jsonb_agg' : 'json_agg'}(${ea}_r)`;
      b.from += ` left join lateral (select ${agg} as body from (${inner}) ${ea}_r) ${ea} on true`;
      if (e.inner || e.nullFilter === 'not_null') b.where.push(`${ea}.body is not null`);
      if (e.nullFilter === 'null') b.where.push(`${ea}.body is null`);
      embedSql.set(e, e.rel.toOne ? `${ea}.body as ${ident(e.key)}` : `coalesce(${ea}.body, '[]') as ${ident(e.key)}`);
    }
  }
  if (mode === 'count') {
    cols.push('1');
  } else {
    let embedIndex = 0;
    const grouped = aggregates(node);
    // Output positions of the columns that are not aggregates: PostgREST groups by them.
    const groupBy: number[] = [];
    const plain = (sql: string) => {
      cols.push(sql);
      groupBy.push(cols.length);
    };
    for (const item of node.items) {
      if (item.kind === 'star') {
        if (grouped && node.table) for (const c of node.table.columns.keys()) plain(`${alias}.${ident(c)}`);
        else plain(`${alias}.*`);
      } else if (item.kind === 'column' && item.agg) {
        const arg = item.field.name === '*' ? '*' : `${fieldSql(alias, item.field, params)}${item.cast ? `::${item.cast}` : ''}`;
        cols.push(`${item.agg}(${arg})${item.aggCast ? `::${item.aggCast}` : ''} as ${ident(item.alias ?? item.agg)}`);
      } else if (item.kind === 'column') {
        const out = item.alias ?? (item.field.json.length ? item.field.json[item.field.json.length - 1]!.key : item.field.name);
        plain(`${fieldSql(alias, item.field, params)}${item.cast ? `::${item.cast}` : ''} as ${ident(out)}`);
      } else {
        const e = node.embeds[embedIndex++]!;
        plain(embedSql.get(e)!);
      }
    }
    if (grouped && groupBy.length) b.tail += ` group by ${groupBy.join(', ')}`;
    if (node.order.length) b.tail += ` order by ${orderSql(node.order, alias, node.table, node.name, params)}`;
    if (node.limit !== undefined) b.tail += ` limit ${params.add(node.limit)}::int8`;
    if (node.offset !== undefined) b.tail += ` offset ${params.add(node.offset)}::int8`;
  }
  b.select = cols.length ? cols.join(', ') : 'null as "_"';
  return `select ${b.select} from ${b.from}${b.where.length ? ` where ${b.where.join(' and ')}` : ''}${b.tail}`;
}

export interface ReadOptions {
  /** Also count every matching row (Prefer: count=…). */
  count: boolean;
  /** HEAD: no body. */
  head: boolean;
  /** Accept: application/vnd.pgrst.object+json → the first row alone. */
  singular: boolean;
  /** setof scalar function: aggregate the bare values of this column. */
  scalarColumn?: string;
}

/**
 * The one statement for a read: `total`, `page` (rows in this page), `body` (JSON text built
 * by Postgres; null when too large) and its size in `bytes`. `source` is the FROM item (a table, a CTE, or a function call).
 */
export function readSql(schema: string, node: Node, source: string, params: Params, opts: ReadOptions): string {
  const alias = ident(node.name);
  const rows = buildNode(schema, node, source, alias, [], params, 'rows');
  const total = opts.count ? `(select count(*) from (${buildNode(schema, node, source, alias, [], params, 'count')}) _c)` : 'null::int8';
  let body: string;
  if (opts.head) body = `''`;
  else if (opts.scalarColumn) {
    const v = `_t.${ident(opts.scalarColumn)}`;
    body = opts.singular ? `coalesce(to_json((array_agg(${v}))[1])::text, 'null')` : `coalesce(json_agg(${v}), '[]')::text`;
  } else body = opts.singular ? `coalesce((json_agg(_t)->0)::text, 'null')` : `coalesce(json_agg(_t), '[]')::text`;
  return limitBodySize(`select ${total} as total, count(*) as page, ${body} as body from (${rows}) _t`);
}
