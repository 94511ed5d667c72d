import type { Queryable, RequestAuth, RoleSettings } from './types.ts';

const ROLE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The role settings PostgREST applies to each request's transaction (its default
 * `db-hoisted-tx-settings`, less the isolation level): `alter role anon set statement_timeout
 * = '3s'` limits anon's requests, as on Supabase.
 */
export const HOISTED_SETTINGS = ['statement_timeout', 'plan_filter.statement_cost_limit'];

/**
 * The statements PostgREST runs at the start of each request's transaction: the role switch,
 * the JWT claims, and the role's own settings (pg_db_role_setting, this database's over the
 * cluster-wide ones) set local. One round trip; answers the settings it applied.
 */
export async function switchRole(tx: Queryable, auth: RequestAuth): Promise<RoleSettings> {
  if (!ROLE_NAME.test(auth.role)) throw new Error(`invalid role name: ${auth.role}`);
  const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : '';
  const r = await tx.query<{ settings: Record<string, string> | string | null }>(
    `with setting as (
       select distinct on (k) k, v
       from pg_catalog.pg_db_role_setting s,
            unnest(s.setconfig) c,
            lateral (select split_part(c, '=', 1) as k, substr(c, strpos(c, '=') + 1) as v) kv
       where s.setrole = (select oid from pg_catalog.pg_roles where rolname = $1)
         and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
         and k = any($4::text[])
       order by k, s.setdatabase desc
     )
     select set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true),
            set_config('request.jwt.claim.role', $1, true),
            (select json_object_agg(k, set_config(k, v, true))::text from setting) as settings,
            set_config('role', $1, true)`,
    [auth.role, JSON.stringify(auth.claims), sub, HOISTED_SETTINGS],
  );
  const settings = r.rows[0]?.settings;
  if (!settings) return {};
  return typeof settings === 'string' ? (JSON.parse(settings) as RoleSettings) : settings;
}
