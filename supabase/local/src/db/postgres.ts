import pg from 'pg';
import { RoleSettingsCache, switchRole } from './role.ts';
import { OID, textTypes } from './parsers.ts';
import type { Database, Queryable, QueryResult, RequestAuth } from './types.ts';

const identity = (value: string) => value;
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (textTypes.includes(oid)) return identity;
    if (oid === OID.json || oid === OID.jsonb) return (v: string): unknown => JSON.parse(v);
    return pg.types.getTypeParser(oid, format) as (v: string) => unknown;
  },
};

type Client = pg.Pool | pg.PoolClient;

function wrap(c: Client): Queryable {
  return {
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      const r = await c.query({ text: sql, values: params, types: typeParsers });
      return {
        rows: r.rows as R[],
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        rowCount: r.rowCount ?? r.rows.length,
      };
    },
    async exec(sql: string): Promise<void> {
      await c.query(sql);
    },
  };
}

/** A PostgreSQL server named by a connection string; a pool, one client per transaction. */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 16 });
  pool.on('error', (err) => console.error('[db] idle client error:', err.message));
  await pool.query('select 1');
  const root = wrap(pool);
  const roleSettings = new RoleSettingsCache();
  let listener: pg.Client | undefined;
  const handlers = new Map<string, Set<(payload: string) => void>>();

  async function transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await fn(wrap(client));
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }

  return {
    kind: 'postgres',
    cancelsStatements: true,
    query: (...args) => root.query(...args),
    exec: (sql) => root.exec(sql),
    transaction,
    asRole: (auth: RequestAuth, fn) =>
      transaction(async (tx) => fn(tx, await switchRole(tx, auth, roleSettings))),
    reloadRoleSettings: () => roleSettings.clear(),
    async listen(channel, onPayload) {
      if (!listener) {
        listener = new pg.Client({ connectionString });
        await listener.connect();
        listener.on('notification', (msg) => {
          for (const h of handlers.get(msg.channel) ?? []) h(msg.payload ?? '');
        });
      }
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async close() {
      await listener?.end().catch(() => undefined);
      await pool.end();
    },
  };
}
