import type { Queryable, RequestAuth } from './types.ts';

const ROLE_NAME = /^[a-z_][a-z0-9_]*$/;

/** The statements PostgREST runs at the start of each request's transaction. */
export async function switchRole(tx: Queryable, auth: RequestAuth): Promise<void> {
  if (!ROLE_NAME.test(auth.role)) throw new Error(`invalid role name: ${auth.role}`);
  const sub = typeof auth.claims.sub === 'string' ? auth.claims.sub : '';
  await tx.query(
    `select set_config('role', $1, true),
            set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true),
            set_config('request.jwt.claim.role', $1, true)`,
    [auth.role, JSON.stringify(auth.claims), sub],
  );
}
