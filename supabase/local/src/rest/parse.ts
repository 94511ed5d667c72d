/**
 * PostgREST's query-string grammar (select, filters, logic trees, order), parsed into plain
 * data. Pure: no schema knowledge, no SQL.
 */
import { parseError } from './errors.ts';
import { MAX_EMBED_DEPTH, MAX_LOGIC_DEPTH, tooDeep } from './limits.ts';
import { OPERATORS, type Aggregate, type Condition, type Field, type Filter, type JsonStep, type Logic, type Operator, type OrderTerm, type SelectItem } from './types.ts';

/** PostgREST's unquoted identifier: letters, digits, `_`, `$`, space and inner `-`. */
const IDENT = /^[\p{L}\p{N}_$][\p{L}\p{N}_$ -]*$/u;

/** Removes whitespace outside double quotes (PostgREST ignores it in select). */
function stripSpaces(s: string): string {
  let out = '';
  let quoted = false;
  for (const ch of s) {
    if (ch === '"') quoted = !quoted;
    if (!quoted && /\s/.test(ch)) continue;
    out += ch;
  }
  return out;
}

/** Splits on `sep` at nesting depth 0, outside double quotes. */
export function splitTop(s: string, sep = ','): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let cur = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < s.length) {
        cur += ch + s[++i];
        continue;
      }
      if (ch === '"') quoted = false;
      cur += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') depth--;
    if (depth < 0) throw parseError(`unexpected "${ch}"`, s);
    if (ch === sep && depth === 0) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (quoted || depth !== 0) throw parseError('unbalanced quotes or parentheses', s);
  out.push(cur);
  return out;
}

function unquoteIdent(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  return s;
}

function checkIdent(s: string, what: string): string {
  const name = unquoteIdent(s);
  if (!name || (!s.startsWith('"') && !IDENT.test(name))) throw parseError(`failed to parse ${what}`, `unexpected "${s}"`);
  return name;
}

/** `col->a->>b` → {name: 'col', json: [...]}. */
export function parseField(s: string): Field {
  const parts = s.split(/(->>?)/);
  const name = checkIdent(parts[0] ?? '', 'column');
  const json: JsonStep[] = [];
  for (let i = 1; i < parts.length; i += 2) {
    const key = parts[i + 1] ?? '';
    if (!key) throw parseError('failed to parse column', s);
    json.push({ arrow: parts[i] as '->' | '->>', key: unquoteIdent(key) });
  }
  return { name, json };
}

const CAST = /^[a-z_][a-z0-9_ ]*(\[\])?$/i;
/** `[alias:]count()[::cast]` and `[alias:]col[::cast].fn()[::cast]`: an aggregate, not an embedded resource. */
const COUNT_ALL = /^(?:("(?:[^"\\]|\\.)*"|[^:"(]+):(?!:))?count\(\)(?:::([^:]+))?$/;
const AGG_CALL = /\.(sum|avg|count|min|max)\(\)(?:::([^:()]+))?$/;

function checkCast(cast: string): string {
  if (!CAST.test(cast)) throw parseError('failed to parse select parameter', `invalid cast "${cast}"`);
  return cast;
}

function parseItem(raw: string, depth: number): SelectItem {
  if (raw === '*') return { kind: 'star' };
  const countAll = COUNT_ALL.exec(raw);
  if (countAll) {
    return {
      kind: 'column',
      field: { name: '*', json: [] },
      alias: countAll[1] ? checkIdent(countAll[1], 'alias') : undefined,
      agg: 'count',
      aggCast: countAll[2] ? checkCast(countAll[2]) : undefined,
    };
  }
  const aggCall = AGG_CALL.exec(raw);
  if (aggCall && (raw.slice(0, aggCall.index).split('"').length - 1) % 2 === 0) {
    const column = parseItem(raw.slice(0, aggCall.index), depth);
    if (column.kind !== 'column' || column.agg) throw parseError('failed to parse select parameter', raw);
    return { ...column, agg: aggCall[1] as Aggregate, aggCast: aggCall[2] ? checkCast(aggCall[2]) : undefined };
  }
  // Embedded resource: [...][alias:]name[!hint][!inner](items)
  const open = raw.indexOf('(');
  if (open >= 0 && !raw.startsWith('"')) {
    if (!raw.endsWith(')')) throw parseError('failed to parse select parameter', raw);
    let head = raw.slice(0, open);
    const inside = raw.slice(open + 1, -1);
    let spread = false;
    if (head.startsWith('...')) {
      spread = true;
      head = head.slice(3);
    }
    let alias: string | undefined;
    const colon = head.indexOf(':');
    if (colon >= 0) {
      alias = checkIdent(head.slice(0, colon), 'alias');
      head = head.slice(colon + 1);
    }
    const [nameRaw, ...bangs] = head.split('!');
    const name = checkIdent(nameRaw ?? '', 'embedded resource');
    let inner = false;
    let hint: string | undefined;
    for (const b of bangs) {
      if (b === 'inner') inner = true;
      else if (b === 'left') inner = false;
      else if (b && !hint) hint = checkIdent(b, 'hint');
      else throw parseError('failed to parse select parameter', raw);
    }
    if (depth >= MAX_EMBED_DEPTH) throw tooDeep('select parameter', 'embedded resources', MAX_EMBED_DEPTH);
    return { kind: 'embed', name, alias, hint, inner, spread, items: parseSelect(inside, depth + 1) };
  }
  let rest = raw;
  let alias: string | undefined;
  const aliasMatch = /^("(?:[^"\\]|\\.)*"|[^:"]+):(?!:)/.exec(rest);
  if (aliasMatch) {
    alias = checkIdent(aliasMatch[1]!, 'alias');
    rest = rest.slice(aliasMatch[0].length);
  }
  let cast: string | undefined;
  const castAt = rest.lastIndexOf('::');
  if (castAt >= 0) {
    cast = checkCast(rest.slice(castAt + 2));
    rest = rest.slice(0, castAt);
  }
  return { kind: 'column', field: parseField(rest), alias, cast };
}

/**
 * The `select=` parameter: columns, aliases, casts, JSON paths and embedded resources.
 * `depth`: how many embedded resources this list is inside (at most MAX_EMBED_DEPTH).
 */
export function parseSelect(select: string | null, depth = 0): SelectItem[] {
  const s = stripSpaces(select ?? '*');
  if (s === '') return depth > 0 ? [] : [{ kind: 'star' }];
  return splitTop(s).map((item) => {
    if (item === '') throw parseError('failed to parse select parameter', `(${s})`);
    return parseItem(item, depth);
  });
}

function unquoteValue(s: string): string {
  if (s.length >= 2 && s.startsWith('"') && s.endsWith('"')) return s.slice(1, -1).replace(/\\(.)/g, '$1');
  return s;
}

/** `(1,2,"a,b")` → ['1','2','a,b']. */
export function parseList(s: string): string[] {
  if (!s.startsWith('(') || !s.endsWith(')')) throw parseError('failed to parse filter', `expected a list "(a,b)" but got "${s}"`);
  const inner = s.slice(1, -1);
  if (inner === '') return [];
  return splitTop(inner).map(unquoteValue);
}

/** `[not.]op[(mod)].value` for a column already known. `inLogic` unquotes double-quoted values. */
export function parseOperation(path: string[], field: Field, expr: string, inLogic = false): Condition {
  let rest = expr;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const m = /^([a-z]+)(?:\(([^)]*)\))?\.([\s\S]*)$/.exec(rest);
  if (!m) throw parseError('failed to parse filter', `unexpected "${expr}"`);
  const op = m[1] as Operator;
  if (!OPERATORS.includes(op)) throw parseError('failed to parse filter', `unknown operator "${m[1]}"`);
  const mod = m[2];
  let value = m[3]!;
  const cond: Condition = { kind: 'cond', path, field, negate, op, value };
  if (mod !== undefined) {
    if (['fts', 'plfts', 'phfts', 'wfts'].includes(op)) {
      if (!/^[a-z_][a-z0-9_]*$/i.test(mod)) throw parseError('failed to parse filter', `invalid config "${mod}"`);
      cond.config = mod;
    } else if ((mod === 'any' || mod === 'all') && ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch'].includes(op)) {
      cond.quantifier = mod;
    } else throw parseError('failed to parse filter', `unexpected modifier "(${mod})"`);
  }
  if (op === 'in') cond.list = parseList(value);
  else if (cond.quantifier) {
    const v = value.startsWith('{') && value.endsWith('}') ? `(${value.slice(1, -1)})` : value;
    cond.list = parseList(v);
  } else if (inLogic) value = unquoteValue(value);
  if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(value.toLowerCase())) {
    throw parseError('failed to parse filter', `unexpected "${value}" (expecting null, not_null, true, false or unknown)`);
  }
  cond.value = value;
  return cond;
}

/** A query-string key like `col`, `rel.col`, `col->a` → embed path + field. */
export function parseKey(key: string): { path: string[]; last: string } {
  const arrow = key.indexOf('->');
  const head = arrow >= 0 ? key.slice(0, arrow) : key;
  const tail = arrow >= 0 ? key.slice(arrow) : '';
  const parts = head.split('.');
  const last = parts.pop()! + tail;
  return { path: parts, last };
}

/**
 * `(a.eq.1,or(b.gt.2,c.is.null))` for `or=`/`and=` (and `not.or=`…). `depth`: the trees this
 * one is inside (at most MAX_LOGIC_DEPTH).
 */
export function parseLogic(path: string[], op: 'and' | 'or', negate: boolean, value: string, depth = 0): Logic {
  if (depth >= MAX_LOGIC_DEPTH) throw tooDeep('logic tree', 'logic trees', MAX_LOGIC_DEPTH);
  if (!value.startsWith('(') || !value.endsWith(')')) throw parseError('failed to parse logic tree', `(${value})`);
  const parts = splitTop(value.slice(1, -1));
  const children = parts.map((part): Filter => {
    const lm = /^(not\.)?(and|or)(\(.*\))$/s.exec(part);
    if (lm) return parseLogic(path, lm[2] as 'and' | 'or', Boolean(lm[1]), lm[3]!, depth + 1);
    // col.op.value where col may contain ->; split at the first '.' after the column.
    const fm = /^("(?:[^"\\]|\\.)*"|[^.]+)\.(.+)$/s.exec(part);
    if (!fm) throw parseError('failed to parse logic tree', `(${value})`);
    return parseOperation(path, parseField(fm[1]!), fm[2]!, true);
  });
  if (children.length === 0) throw parseError('failed to parse logic tree', `(${value})`);
  return { kind: 'logic', path, op, negate, children };
}

/** `order=a.desc.nullslast,b` */
export function parseOrder(value: string): OrderTerm[] {
  return splitTop(value.replace(/\s+/g, '')).map((term) => {
    const parts = term.split('.');
    let nulls: 'first' | 'last' | undefined;
    let desc = false;
    while (parts.length > 1) {
      const p = parts[parts.length - 1]!;
      if (p === 'asc' || p === 'desc') desc = p === 'desc';
      else if (p === 'nullsfirst' || p === 'nullslast') nulls = p === 'nullsfirst' ? 'first' : 'last';
      else break;
      parts.pop();
    }
    const name = parts.join('.');
    if (!name) throw parseError('failed to parse order', term);
    return { field: parseField(name), desc, nulls };
  });
}

/** A non-negative integer parameter (limit, offset). */
export function parseCount(name: string, value: string): number {
  if (!/^\d+$/.test(value)) throw parseError(`failed to parse ${name} parameter`, `"${value}" is not a non-negative integer`);
  return Number(value);
}

/** Everything the `Prefer` header can say that we honour. */
export interface Prefer {
  return?: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
}

/** `Prefer: return=representation, count=exact` */
export function parsePrefer(header: string | null): Prefer {
  const out: Prefer = {};
  for (const part of (header ?? '').split(',')) {
    const [k, v] = part.trim().split('=').map((x) => x.trim());
    if (k === 'return' && (v === 'minimal' || v === 'representation' || v === 'headers-only')) out.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) out.count = v;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates')) out.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null')) out.missing = v;
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) out.tx = v;
  }
  return out;
}

/** A JS array → Postgres array literal with every element quoted (`{"a","b c"}`). */
export function toPgArray(values: unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return toPgArray(v);
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}
