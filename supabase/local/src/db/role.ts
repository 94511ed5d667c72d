import type { Queryable, RequestAuth, RoleSettings } from './types.ts';

const ROLE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * The role settings PostgREST applies to each request's transaction (its default
 * `db-hoisted-tx-settings`, less the isolation level): `alter role anon set statement_timeout
 * = '3s'` limits anon's requests, as on Supabase.
 */
export const HOISTED_SETTINGS = ['statement_timeout', 'plan_filter.statement_cost_limit'];

/**
 * Every role's hoisted settings (pg_db_role_setting; this database's over the cluster-wide
 * ones), read once and kept, as PostgREST keeps them until `notify pgrst, 'reload config'`.
 */
export class RoleSettingsCache {
  private byRole: Promise<Map<string, RoleSettings>> | undefined;

  get(q: Queryable, role: string): Promise<RoleSettings> {
    this.byRole ??= load(q).catch((err: unknown) => {
      this.byRole = undefined;
      throw err;
    });
    return this.byRole.then((m) => m.get(role) ?? {});
  }

  clear(): void {
    this.byRole = undefined;
  }
}

async function load(q: Queryable): Promise<Map<string, RoleSettings>> {
  const r = await q.query<{ role: string; k: string; v: string }>(
    `select distinct on (s.setrole, kv.k) r.rolname as role, kv.k, kv.v
     from pg_catalog.pg_db_role_setting s
     join pg_catalog.pg_roles r on r.oid = s.setrole,
          unnest(s.setconfig) c,
          lateral (select split_part(c, '=', 1) as k, substr(c, strpos(c, '=') + 1) as v) kv
     where s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
       and kv.k = any($1::text[])
     order by s.setrole, kv.k, s.setdatabase desc`,
    [HOISTED_SETTINGS],
  );
  const byRole = new Map<string, RoleSettings>();
  for (const row of r.rows) byRole.set(row.role, { ...byRole.get(row.role), [row.k]: row.v });
  return byRole;
}

/**
 * The statements PostgREST runs at the start of each request's transaction, in one statement:
 * the role switch, the JWT claims, the role's settings and the request's headers set local.
 * Answers the role's settings at once and the statement's completion as `applied`, so a
 * pipelining driver sends the request's own statement right behind it without waiting.
 */
export async function startRole(tx: Queryable, auth: RequestAuth, cache: RoleSettingsCache): Promise<{ settings: RoleSettings; applied: Promise<unknown> }> {
  if (!ROLE_NAME.test(auth.role)) throw new Error(`invalid role name: ${auth.role}`);
  const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : '';
  const settings = await cache.get(tx, auth.role);
  const params: unknown[] = [auth.role, JSON.stringify(auth.claims), sub];
  const local = Object.entries(settings).map(([k, v]) => `set_config($${params.push(k)}, $${params.push(v)}, true)`);
  if (auth.headers) local.push(`set_config('request.headers', $${params.push(JSON.stringify(auth.headers))}, true)`);
  const applied = tx.query(
    `select ${[
      `set_config('role', $1, true)`,
      `set_config('request.jwt.claims', $2, true)`,
      `set_config('request.jwt.claim.sub', $3, true)`,
      `set_config('request.jwt.claim.role', $1, true)`,
      ...local,
    ].join(', ')}`,
    params,
    { prepare: true },
  );
  return { settings, applied };
}

/** startRole, waited for: answers the role's settings once they apply. */
export async function switchRole(tx: Queryable, auth: RequestAuth, cache: RoleSettingsCache): Promise<RoleSettings> {
  const { settings, applied } = await startRole(tx, auth, cache);
  await applied;
  return settings;
}
