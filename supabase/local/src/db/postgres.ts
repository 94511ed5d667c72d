import pg from 'pg';
import { RoleSettingsCache, startRole } from './role.ts';
import { OID, textTypes } from './parsers.ts';
import type { Database, Queryable, QueryOptions, QueryResult, RequestAuth } from './types.ts';

const identity = (value: string) => value;
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (textTypes.includes(oid)) return identity;
    if (oid === OID.json || oid === OID.jsonb) return (v: string): unknown => JSON.parse(v);
    return pg.types.getTypeParser(oid, format) as (v: string) => unknown;
  },
};

type Client = pg.Pool | pg.PoolClient;

/** Named prepared statements: one name per distinct text, at most this many names (then unnamed). */
const MAX_STATEMENTS = 5000;
const statementNames = new Map<string, string>();

function statementName(sql: string): string | undefined {
  let name = statementNames.get(sql);
  if (!name && statementNames.size < MAX_STATEMENTS) {
    name = `sl${statementNames.size + 1}`;
    statementNames.set(sql, name);
  }
  return name;
}

function toResult<R>(r: pg.QueryResult): QueryResult<R> {
  return {
    rows: r.rows as R[],
    fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
    rowCount: r.rowCount ?? r.rows.length,
  };
}

/** One transaction's connection: knows whether the commit already went out (QueryOptions.last). */
interface TxState {
  ended: boolean;
}

function wrap(c: Client, tx?: TxState): Queryable {
  return {
    async query<R>(sql: string, params: unknown[] = [], opts?: QueryOptions): Promise<QueryResult<R>> {
      const config: pg.QueryConfig & { types: typeof typeParsers } = { text: sql, values: params, types: typeParsers };
      if (opts?.prepare) config.name = statementName(sql);
      if (opts?.last && tx && !tx.ended) {
        // Pipelined: the commit follows the statement without waiting for its answer. When the
        // statement fails, Postgres answers the commit with ROLLBACK.
        tx.ended = true;
        const result = c.query(config);
        const commit = c.query('commit');
        try {
          const r = await result;
          await commit;
          return toResult<R>(r);
        } catch (err) {
          await commit.catch(() => undefined);
          throw err;
        }
      }
      return toResult<R>(await c.query(config));
    },
    async exec(sql: string): Promise<void> {
      await c.query(sql);
    },
  };
}

const onCheckedOutError = (err: Error) => console.error('[db] connection lost in a transaction:', err.message);

/** A PostgreSQL server named by a connection string; a pool, one client per transaction. */
export async function openPostgres(connectionString: string): Promise<Database> {
  // Pipelined (pg >= 8.23): a request's begin, role switch, statement and commit are sent
  // together and answered in one round trip instead of four.
  const pool = new pg.Pool({ connectionString, max: 16, pipeline: true });
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  await pool.query('select 1');
  const root = wrap(pool);
  const roleSettings = new RoleSettingsCache();
  let listener: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  /**
   * The LISTEN connection. When the server drops it (a restart, an administrator's
   * pg_terminate_backend) it is opened again and listens to every channel again, so realtime
   * and the reload notices resume instead of the process dying of an unhandled error.
   */
  function listenerClient(): Promise<pg.Client> {
    connecting ??= (async () => {
      const c = new pg.Client({ connectionString });
      c.on('error', (err) => console.error('[db] listen connection lost:', err.message));
      c.on('notification', (msg) => {
        for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
      });
      c.on('end', () => {
        if (listener !== c) return;
        listener = undefined;
        connecting = undefined;
        if (!closed) relisten(250);
      });
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`listen ${pg.escapeIdentifier(channel)}`);
      listener = c;
      return c;
    })().catch((err: unknown) => {
      connecting = undefined;
      throw err;
    });
    return connecting;
  }

  function relisten(delay: number): void {
    setTimeout(() => {
      if (closed || connecting) return;
      listenerClient().then(
        () => console.error('[db] listening again'),
        (err: Error) => {
          console.error('[db] listen connection:', err.message);
          relisten(Math.min(delay * 2, 30_000));
        },
      );
    }, delay).unref();
  }

  async function transaction<T>(fn: (tx: Queryable) => Promise<T>, opts?: { readOnly?: boolean }): Promise<T> {
    const client = await pool.connect();
    // Between two statements a checked-out client has no listener of its own: a dropped
    // connection would be an unhandled error. Its next statement fails instead.
    client.on('error', onCheckedOutError);
    const state: TxState = { ended: false };
    try {
      // Not awaited: the next statement goes out right behind it; a failed begin fails that one.
      const begin = client.query(opts?.readOnly ? 'begin read only' : 'begin');
      begin.catch(() => undefined);
      const result = await fn(wrap(client, state));
      await begin;
      if (!state.ended) await client.query('commit');
      return result;
    } catch (err) {
      if (!state.ended) await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.off('error', onCheckedOutError);
      client.release();
    }
  }

  return {
    kind: 'postgres',
    cancelsStatements: true,
    query: (...args) => root.query(...args),
    exec: (sql) => root.exec(sql),
    transaction,
    asRole: (auth: RequestAuth, fn, opts) =>
      transaction(async (tx) => {
        const { settings, applied } = await startRole(tx, auth, roleSettings);
        // The role switch is answered before the statement behind it; its error is the one to report.
        let failure: { err: unknown } | undefined;
        const switched = applied.then(
          () => true,
          (err: unknown) => {
            failure = { err };
            return false;
          },
        );
        try {
          const result = await fn(tx, settings);
          if (!(await switched)) throw failure!.err;
          return result;
        } catch (err) {
          if (!(await switched)) throw failure!.err;
          throw err;
        }
      }, opts),
    reloadRoleSettings: () => roleSettings.clear(),
    async listen(channel, onPayload) {
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await (await listenerClient()).query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
