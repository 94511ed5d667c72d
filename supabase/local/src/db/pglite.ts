import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { switchRole } from './role.ts';
import { textTypes } from './parsers.ts';
import type { Database, Queryable, QueryResult, RequestAuth } from './types.ts';

const identity = (value: string) => value;
const parsers = Object.fromEntries(textTypes.map((oid) => [oid, identity]));

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      const r = await q.query<R>(sql, params, { parsers });
      return {
        rows: r.rows,
        fields: r.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        rowCount: r.affectedRows ?? r.rows.length,
      };
    },
    async exec(sql: string): Promise<void> {
      await q.exec(sql);
    },
  };
}

/** Embedded Postgres (WASM) with its data in `dataDir`; one connection, queries serialised. */
export async function openPglite(dataDir: string): Promise<Database> {
  const pg = await PGlite.create(dataDir, { extensions: { pg_trgm, pgcrypto, unaccent } });
  const root = wrap(pg);
  return {
    kind: 'pglite',
    query: root.query,
    exec: root.exec,
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    asRole: (auth: RequestAuth, fn) =>
      pg.transaction(async (tx) => {
        const q = wrap(tx);
        await switchRole(q, auth);
        return fn(q);
      }),
    async listen(channel, onPayload) {
      const stop = await pg.listen(channel, onPayload);
      return () => stop();
    },
    close: () => pg.close(),
  };
}
