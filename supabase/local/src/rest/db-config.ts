/**
 * PostgREST's in-database configuration (its `db-config`, on by default and on Supabase):
 * `pgrst.*` settings of the authenticator role and of the database, the role's over the
 * database's, read at start and again on `NOTIFY pgrst, 'reload config'`. Only
 * `db-aggregates-enabled` is read: PostgREST's default is false and Supabase keeps it, so
 * `alter role authenticator set pgrst.db_aggregates_enabled = 'true'` turns aggregates on.
 */
import type { Queryable } from '../db/types.ts';

export interface DbConfig {
  aggregatesEnabled: boolean;
}

async function load(q: Queryable): Promise<DbConfig> {
  const r = await q.query<{ v: string }>(
    `select kv.v
     from pg_catalog.pg_db_role_setting s
     left join pg_catalog.pg_roles r on r.oid = s.setrole,
          unnest(s.setconfig) c,
          lateral (select split_part(c, '=', 1) as k, substr(c, strpos(c, '=') + 1) as v) kv
     where kv.k = 'pgrst.db_aggregates_enabled'
       and (r.rolname = 'authenticator' or s.setrole = 0)
       and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
     order by (s.setrole <> 0) desc, (s.setdatabase <> 0) desc
     limit 1`,
  );
  const v = r.rows[0]?.v?.trim().toLowerCase();
  return { aggregatesEnabled: v === 'true' || v === 'on' || v === '1' || v === 'yes' };
}

/** The settings, read once and kept until `clear()` (the 'reload config' notification). */
export class DbConfigCache {
  private current: Promise<DbConfig> | undefined;

  constructor(private readonly q: Queryable) {}

  get(): Promise<DbConfig> {
    this.current ??= load(this.q).catch((err: unknown) => {
      this.current = undefined;
      throw err;
    });
    return this.current;
  }

  clear(): void {
    this.current = undefined;
  }
}
