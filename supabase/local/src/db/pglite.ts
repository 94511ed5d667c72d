import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { RoleSettingsCache, switchRole } from './role.ts';
import { textTypes } from './parsers.ts';
import type { Database, Queryable, QueryResult, RequestAuth } from './types.ts';

const identity = (value: string) => value;
const parsers = Object.fromEntries(textTypes.map((oid) => [oid, identity]));
/**
 * A string parameter goes to the server as text, as node-postgres sends it, so the server
 * parses it and refuses bad input with PostgreSQL's own SQLSTATE (22P02: 400). PGlite's own
 * serializers check booleans, dates and bytea in JavaScript and throw a plain Error
 * ("Invalid input for boolean type"), which has no SQLSTATE and answered 500.
 */
const serializers = Object.fromEntries(
  Object.entries(types.serializers).map(([oid, serialize]) => [oid, (v: unknown) => (typeof v === 'string' ? v : serialize(v))]),
);

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      const r = await q.query<R>(sql, params, { parsers, serializers });
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

const extensions = { pg_trgm, pgcrypto, unaccent };

/**
 * PGlite's initdb output, kept once per PGlite version under node_modules/.cache: initdb is
 * most of a fresh folder's start-up, and loading its dump (PGlite's own loadDataDir) is ~3x
 * faster. Bootstrap, migrations and seed still run on every new database.
 */
async function initdbTemplate(): Promise<Blob> {
  const require = createRequire(import.meta.url);
  const { version } = JSON.parse(readFileSync(join(dirname(require.resolve('@electric-sql/pglite')), '..', 'package.json'), 'utf8')) as { version: string };
  const file = join(process.cwd(), 'node_modules', '.cache', 'supabase-local', `pglite-${version}-initdb.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const fresh = await PGlite.create();
  const dump = await fresh.dumpDataDir('none');
  await fresh.close();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(`${file}.tmp`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.tmp`, file);
  return dump;
}

/** Embedded Postgres (WASM) with its data in `dataDir`; one connection, queries serialised. */
export async function openPglite(dataDir: string): Promise<Database> {
  const isNew = !existsSync(join(dataDir, 'PG_VERSION'));
  const loadDataDir = isNew ? await initdbTemplate() : undefined;
  const pg = await PGlite.create(dataDir, { extensions, loadDataDir });
  const root = wrap(pg);
  const roleSettings = new RoleSettingsCache();
  return {
    kind: 'pglite',
    cancelsStatements: false,
    query: (...args) => root.query(...args),
    exec: (sql) => root.exec(sql),
    transaction: (fn, opts) =>
      pg.transaction(async (tx) => {
        const q = wrap(tx);
        if (opts?.readOnly) await q.query('set transaction read only');
        return fn(q);
      }),
    asRole: (auth: RequestAuth, fn, opts) =>
      pg.transaction(async (tx) => {
        const q = wrap(tx);
        if (opts?.readOnly) await q.query('set transaction read only');
        return fn(q, await switchRole(q, auth, roleSettings));
      }),
    async listen(channel, onPayload) {
      const stop = await pg.listen(channel, onPayload);
      return () => stop();
    },
    reloadRoleSettings: () => roleSettings.clear(),
    close: () => pg.close(),
  };
}
