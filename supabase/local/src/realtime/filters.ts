/** postgres_changes `filter` strings (`column=op.value`), parsed once and matched per change. */

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface Filter {
  column: string;
  op: FilterOp;
  /** One value, or the list for `in`. */
  values: string[];
}

/** A filter string this server cannot evaluate (refused at join). */
export class FilterError extends Error {}

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);
const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const TIMES = new Set(['timestamp', 'timestamptz', 'date']);

/**
 * Parses Realtime's filter grammar so bad filters are refused at join time, not per change.
 * Supports eq, neq, lt, lte, gt, gte and in.(a,b,"c,d").
 */
export function parseFilter(input: string): Filter {
  const eqAt = input.indexOf('=');
  if (eqAt <= 0) throw new FilterError(`expected column=op.value, got "${input}"`);
  const column = input.slice(0, eqAt).trim();
  const rest = input.slice(eqAt + 1);
  const dot = rest.indexOf('.');
  if (dot <= 0) throw new FilterError(`expected column=op.value, got "${input}"`);
  const op = rest.slice(0, dot) as FilterOp;
  if (!OPS.has(op)) throw new FilterError(`unsupported operator "${op}" (supported: ${[...OPS].join(', ')})`);
  const raw = rest.slice(dot + 1);
  if (op !== 'in') return { column, op, values: [raw] };
  const m = /^\((.*)\)$/s.exec(raw.trim());
  if (!m) throw new FilterError(`"in" expects a list like (1,2), got "${raw}"`);
  return { column, op, values: splitList(m[1]!) };
}

function splitList(body: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < body.length) cur += body[++i];
      else if (ch === '"') quoted = false;
      else cur += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      out.push(wasQuoted ? cur : cur.trim());
      cur = '';
      wasQuoted = false;
    } else cur += ch;
  }
  if (quoted) throw new FilterError('unterminated quote in "in" list');
  if (cur.trim() !== '' || wasQuoted || out.length) out.push(wasQuoted ? cur : cur.trim());
  return out;
}

/** A record value as Postgres would print it, so JSON values and filter text compare alike. */
export function toText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value);
}

function normBool(text: string): string | null {
  const t = text.trim().toLowerCase();
  if (['t', 'true', 'y', 'yes', 'on', '1'].includes(t)) return 'true';
  if (['f', 'false', 'n', 'no', 'off', '0'].includes(t)) return 'false';
  return null;
}

/** -1/0/1, or null when the two can't be compared (SQL NULL semantics: no match). */
function compare(recordText: string, filterText: string, type: string | undefined): number | null {
  const numeric = type ? NUMERIC.has(type) : false;
  if (numeric || (!type && isNumber(recordText) && isNumber(filterText))) {
    const a = Number(recordText);
    const b = Number(filterText);
    if (Number.isNaN(a) || Number.isNaN(b) || filterText.trim() === '') return null;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (type === 'bool') {
    const a = normBool(recordText);
    const b = normBool(filterText);
    if (a === null || b === null) return null;
    return a === b ? 0 : a < b ? -1 : 1;
  }
  if (type && TIMES.has(type)) {
    const a = parseTime(recordText);
    const b = parseTime(filterText);
    if (!Number.isNaN(a) && !Number.isNaN(b)) return a < b ? -1 : a > b ? 1 : 0;
  }
  let a = recordText;
  let b = filterText;
  if (type === 'uuid') {
    a = a.toLowerCase();
    b = b.toLowerCase();
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Postgres timestamp text ('2026-01-01 10:00:00+01') or ISO, as epoch ms. */
function parseTime(text: string): number {
  return Date.parse(text.trim().replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
}

function isNumber(text: string): boolean {
  return text.trim() !== '' && !Number.isNaN(Number(text));
}

/**
 * Whether a row passes a binding's filter. `type` is the column's Postgres type name
 * (int8, uuid, bool, timestamptz, …) when known; a missing column or NULL never matches.
 */
export function matchesFilter(filter: Filter, record: Record<string, unknown> | null | undefined, type?: string): boolean {
  if (!record || !(filter.column in record)) return false;
  const text = toText(record[filter.column]);
  if (text === null) return false;
  if (filter.op === 'in') return filter.values.some((v) => compare(text, v, type) === 0);
  const c = compare(text, filter.values[0]!, type);
  if (c === null) return false;
  switch (filter.op) {
    case 'eq':
      return c === 0;
    case 'neq':
      return c !== 0;
    case 'lt':
      return c < 0;
    case 'lte':
      return c <= 0;
    case 'gt':
      return c > 0;
    case 'gte':
      return c >= 0;
  }
}
