/**
 * What one REST request may cost: bounds checked while parsing (embed and logic-tree depth),
 * before running (on PGlite, which cannot cancel a statement: the plan's estimated cost and
 * regular-expression filters) and after (response size). The numbers and where they come from:
 * docs/decisions/1208-pglite-guards-and-statistics.md and 1209-rest-request-limits.md.
 */
import type { Queryable, RoleSettings } from '../db/types.ts';
import { ApiError, parseError } from './errors.ts';
import type { Filter, Node } from './types.ts';

/** Embedded resources inside embedded resources: the app uses 1 level. */
export const MAX_EMBED_DEPTH = 5;
/** and()/or() inside and()/or(). */
export const MAX_LOGIC_DEPTH = 16;
/** The largest JSON body one read or write returns (a full max_rows page is well below). */
export const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** Regular-expression filters on PGlite: the longest pattern, the largest {m,n} count. */
export const MAX_REGEX_LENGTH = 200;
export const MAX_REGEX_REPEAT = 100;

/** A nesting bound crossed while parsing `parsed` (PGRST100, as any bad query string). */
export function tooDeep(parsed: 'select parameter' | 'logic tree', nested: string, max: number): ApiError {
  return parseError(`failed to parse ${parsed}`, `${nested} nest more than ${max} levels deep`);
}

/** SQLSTATE 54000 (program_limit_exceeded; PostgREST: 500) with what to change. */
function limitError(message: string, details: string, hint: string): ApiError {
  return new ApiError(500, '54000', message, details, hint);
}

/**
 * Wraps a statement answering (total, page, body): `body` comes back null with its size in
 * `bytes` when larger than MAX_RESPONSE_BYTES, so a huge answer never leaves the database.
 * `body` is read three times: under OFFSET 0 Postgres does not flatten the statement into
 * this one, so its answer (a stable function's, say) is computed once, not once per read.
 */
export function limitBodySize(sql: string): string {
  return (
    `select _s.total, _s.page, case when octet_length(_s.body) <= ${MAX_RESPONSE_BYTES} then _s.body end as body, ` +
    `octet_length(_s.body) as bytes from (select * from (${sql}) _a offset 0) _s`
  );
}

export function responseTooLarge(bytes: number): ApiError {
  return limitError(
    'response too large',
    `The response is ${bytes} bytes; the limit is ${MAX_RESPONSE_BYTES} bytes.`,
    'Select fewer columns or embedded resources, or add filters or a smaller limit.',
  );
}

function* conditions(filters: Filter[]): Generator<Extract<Filter, { kind: 'cond' }>> {
  for (const f of filters) {
    if (f.kind === 'cond') yield f;
    else yield* conditions(f.children);
  }
}

function* nodes(node: Node): Generator<Node> {
  yield node;
  for (const e of node.embeds) yield* nodes(e);
}

/**
 * Patterns whose matching time PostgreSQL's regex engine cannot bound by the text's length:
 * back-references (`(.*)(.*)\2\1$` takes 10 s on 4,000 characters), large counted repetitions
 * (compiling `(.?){255}(.?){255}` alone takes most of a second) and very long patterns.
 */
function regexProblem(pattern: string): string | null {
  if (pattern.length > MAX_REGEX_LENGTH) return `the pattern is longer than ${MAX_REGEX_LENGTH} characters`;
  if (/\\[1-9]/.test(pattern.replace(/\\\\/g, ''))) return 'the pattern uses a back-reference';
  for (const m of pattern.matchAll(/\{(\d+)(?:,(\d*))?\}/g)) {
    if (Number(m[1]) > MAX_REGEX_REPEAT || Number(m[2] || 0) > MAX_REGEX_REPEAT) return `a repetition count is above ${MAX_REGEX_REPEAT}`;
  }
  return null;
}

function checkRegexFilters(root: Node): void {
  for (const node of nodes(root)) {
    for (const c of conditions(node.filters)) {
      if (c.op !== 'match' && c.op !== 'imatch') continue;
      for (const pattern of c.list ?? [c.value]) {
        const problem = regexProblem(pattern);
        if (problem) {
          throw new ApiError(400, '2201B', 'invalid regular expression: too costly for this server', `In the filter on "${c.field.name}": ${problem}.`, 'Use a simpler pattern, or like/ilike.');
        }
      }
    }
  }
}

/**
 * Where a running statement cannot be cancelled (PGlite), a request of a role with a cost limit
 * (plan_filter.statement_cost_limit, as pg_plan_filter reads it) is planned first and refused
 * when the planner's estimate is above the limit; its regex filters are checked as well. One
 * request can then not hold the database for everyone. A no-op on PostgreSQL, where the role's
 * statement_timeout cancels what runs too long.
 */
export async function checkCost(tx: Queryable, cancels: boolean, settings: RoleSettings, sql: string, values: unknown[], plan?: Node): Promise<void> {
  const limit = Number(settings['plan_filter.statement_cost_limit']);
  if (cancels || !(limit > 0)) return;
  if (plan) checkRegexFilters(plan);
  const r = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`, values);
  const raw = r.rows[0]!['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: { 'Total Cost': number } }[];
  const cost = doc[0]!.Plan['Total Cost'];
  if (cost > limit) {
    throw limitError(
      'plan cost limit exceeded',
      `The estimated cost of this request is ${Math.round(cost)}; the limit is ${limit}.`,
      'Add filters or a smaller limit, or embed fewer resources.',
    );
  }
}
