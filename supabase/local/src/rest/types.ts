/**
 * A REST request's parsed form and its read plan: the data parse.ts produces and select.ts,
 * filters.ts and limits.ts read. It imports none of them, so they import each other one way only;
 * the two word lists are here because the types are made from them.
 */
import type { Relationship, Table } from './schema.ts';

/** One step of a JSON path: `->key` or `->>key`. */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
}

/** A column reference: `name`, `name->a->>b`. */
export interface Field {
  name: string;
  json: JsonStep[];
}

/** PostgREST's aggregate functions (`col.sum()`, `count()`). */
export const AGGREGATES = ['sum', 'avg', 'count', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

export type SelectItem =
  | { kind: 'star' }
  | {
      kind: 'column';
      /** `{name: '*'}` for `count()`. */
      field: Field;
      alias?: string;
      /** Cast of the column (`amount::int`), before any aggregate. */
      cast?: string;
      /** `.sum()` etc.; `legacyCount`: PostgREST's older `count` without parentheses, allowed even when aggregates are not. */
      agg?: Aggregate;
      /** Cast of the aggregate's result (`amount.sum()::int`). */
      aggCast?: string;
      legacyCount?: boolean;
    }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hint?: string;
      inner: boolean;
      spread: boolean;
      items: SelectItem[];
    };

export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'match',
  'imatch',
  'is',
  'isdistinct',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxl',
  'nxr',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
] as const;
export type Operator = (typeof OPERATORS)[number];

/** `col=[not.]op[(modifier)].value` once parsed. */
export interface Condition {
  kind: 'cond';
  /** Embedded-resource path (aliases) the column belongs to; [] for the main table. */
  path: string[];
  field: Field;
  negate: boolean;
  op: Operator;
  /** `(any)`/`(all)` for quantified operators; the text-search config for fts ops. */
  quantifier?: 'any' | 'all';
  config?: string;
  /** The raw value (for `in`, the parsed list in `list`). */
  value: string;
  list?: string[];
}

export interface Logic {
  kind: 'logic';
  path: string[];
  op: 'and' | 'or';
  negate: boolean;
  children: Filter[];
}

export type Filter = Condition | Logic;

export interface OrderTerm {
  field: Field;
  desc: boolean;
  nulls?: 'first' | 'last';
}

/** One level of the read: the main source or an embedded resource. */
export interface Node {
  /** Name used in messages (table or function). */
  name: string;
  /** Known columns and relationships; null for sources we can't describe (record functions). */
  table: Table | null;
  items: SelectItem[];
  embeds: Embed[];
  filters: Filter[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface Embed extends Node {
  /** Output key (alias or relation name). */
  key: string;
  rel: Relationship;
  inner: boolean;
  spread: boolean;
  /** `rel=is.null` / `rel=not.is.null` on the embedded resource itself. */
  nullFilter?: 'null' | 'not_null';
}
