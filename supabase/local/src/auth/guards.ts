import type { Claims } from '../jwt.ts';
import type { Platform } from '../platform.ts';
import type { Guards } from '../router.ts';
import { requireAdmin } from './admin.ts';
import { requireUser, type Caller } from './sessions.ts';

/** What an auth route requires: nothing, a signed-in user's access token, or the service-role key. */
export type AuthGuards = { none: null; user: Caller; admin: Claims };

export function authGuards(p: Platform): Guards<AuthGuards> {
  return {
    none: async () => null,
    user: (req) => requireUser(p, req),
    admin: (req) => requireAdmin(p, req),
  };
}
