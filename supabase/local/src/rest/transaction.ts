/** One request's statement in one transaction as the caller's role. */
import type { QueryResult } from '../db/types.ts';
import type { RestRequest } from './context.ts';
import { checkCost, responseTooLarge } from './limits.ts';
import type { Node } from './types.ts';

/** The row every read statement returns (select.ts's readSql). */
export interface ReadRow {
  total: string | number | null;
  page: string | number;
  /** Null when larger than the response limit (limits.ts), which `bytes` then exceeds. */
  body: string | null;
  bytes: string | number | null;
}

/** The JSON body of a read, or the error for one too large to send. */
export function bodyOf(row: ReadRow): string | null {
  if (row.body === null && row.bytes !== null) throw responseTooLarge(Number(row.bytes));
  return row.body;
}

/**
 * Runs the request's statement (`plan`: its read tree, whose filters the cost check reads).
 * `final`: the request sends nothing after it and its result columns are fixed (the read shape),
 * so it is kept prepared and, in a read-only transaction, the commit is pipelined behind it.
 */
export type RunQuery = <R>(sql: string, values: unknown[], plan?: Node, final?: boolean) => Promise<QueryResult<R>>;

/** Rolls the transaction back after the response is computed (Prefer: tx=rollback). */
class Rollback extends Error {
  constructor(readonly response: Response) {
    super('rollback');
  }
}

/**
 * Runs `fn` in a transaction as the caller's role, so grants and row-level security decide.
 * `query` checks each statement first against the role's cost limit where the database cannot
 * cancel it (limits.ts).
 */
export async function run(call: RestRequest, readOnly: boolean, fn: (query: RunQuery) => Promise<Response>): Promise<Response> {
  const db = call.api.p.db;
  try {
    return await db.asRole(
      call.auth,
      async (tx, settings) => {
        const res = await fn(async (sql, values, plan, final) => {
          await checkCost(tx, db.cancelsStatements, settings, sql, values, plan);
          return tx.query(sql, values, { prepare: final, last: final && readOnly && call.prefer.tx !== 'rollback' });
        });
        if (call.prefer.tx === 'rollback') throw new Rollback(res);
        return res;
      },
      { readOnly },
    );
  } catch (err) {
    if (err instanceof Rollback) return err.response;
    throw err;
  }
}
