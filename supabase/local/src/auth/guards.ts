import type { Claims } from '../jwt.ts';
import type { Platform } from '../core/types.ts';
import type { Guards } from '../router.ts';
import { requireUser, type Caller } from './sessions.ts';
import { AuthError } from './util.ts';

/** What an auth route requires: nothing, a signed-in user's access token, or the service-role key. */
export type AuthGuards = { none: null; user: Caller; admin: Claims };

const ADMIN_ROLES = new Set(['service_role', 'supabase_admin']);

/** Admin endpoints need the service-role key (a JWT whose role is service_role). */
export async function requireAdmin(p: Platform, req: Request): Promise<Claims> {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim();
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  let claims: Claims;
  try {
    claims = await p.jwt.verify(token);
  } catch {
    throw new AuthError(403, 'bad_jwt', 'invalid JWT: unable to parse or verify signature');
  }
  if (typeof claims.role !== 'string' || !ADMIN_ROLES.has(claims.role)) throw new AuthError(403, 'not_admin', 'User not allowed');
  return claims;
}

export function authGuards(p: Platform): Guards<AuthGuards> {
  return {
    none: async () => null,
    user: (req) => requireUser(p, req),
    admin: (req) => requireAdmin(p, req),
  };
}
