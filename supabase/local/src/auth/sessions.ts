import type { Platform } from '../core/types.ts';
import type { Queryable } from '../db/types.ts';
import { TokenError, type Claims } from '../jwt.ts';
import { appMetadata, findUserById, isBanned, isUuid, userJson, type UserRow } from './users.ts';
import { AuthError, randomToken } from './util.ts';

export type SignInMethod = 'password' | 'otp' | 'recovery' | 'email_change' | 'invite' | 'magiclink' | 'email/signup' | 'pkce';

export interface SessionResponse {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/** The access token GoTrue would mint for this user and session. */
export async function accessToken(
  p: Platform,
  user: UserRow,
  session: { id: string; method: string; createdAt: number },
): Promise<{ token: string; exp: number }> {
  const iat = Math.floor(Date.now() / 1000);
  const exp = iat + p.config.auth.jwtExpiry;
  const claims: Claims = {
    iss: `${p.config.url}/auth/v1`,
    sub: user.id,
    aud: user.aud ?? 'authenticated',
    exp,
    iat,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data ?? {},
    role: user.role || 'authenticated',
    aal: 'aal1',
    amr: [{ method: session.method, timestamp: session.createdAt }],
    session_id: session.id,
    is_anonymous: user.is_anonymous ?? false,
  };
  return { token: await p.jwt.sign(claims), exp };
}

async function sessionResponse(
  p: Platform,
  db: Queryable,
  userId: string,
  session: { id: string; method: string; createdAt: number },
  refreshToken: string,
): Promise<SessionResponse> {
  const user = await findUserById(db, userId);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  const { token, exp } = await accessToken(p, user, session);
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: p.config.auth.jwtExpiry,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user),
  };
}

/** Signs a user in: a new session, its first refresh token, last_sign_in_at. */
export async function createSession(p: Platform, db: Queryable, userId: string, method: SignInMethod, userAgent?: string | null): Promise<SessionResponse> {
  const s = await db.query<{ id: string; t: string }>(
    `insert into auth.sessions (user_id, aal, sign_in_method, user_agent, created_at, updated_at)
     values ($1, 'aal1', $2, $3, now(), now()) returning id, extract(epoch from created_at)::bigint::text as t`,
    [userId, method, userAgent ?? null],
  );
  const session = s.rows[0]!;
  const refresh = randomToken(24);
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, session_id, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, now(), now())`,
    [refresh, userId, session.id],
  );
  await db.query(`update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1`, [userId]);
  await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [userId]);
  return sessionResponse(p, db, userId, { id: session.id, method, createdAt: Number(session.t) }, refresh);
}

interface TokenRow {
  id: string;
  token: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  age: number;
  method: string | null;
  created: string | null;
}

/**
 * The refresh grant: rotate (revoke the presented token, issue a child), or, when a just
 * rotated token comes back within refresh_token_reuse_interval, answer with the session's
 * current token (two tabs racing). Older reuse revokes the whole session: already used.
 */
export async function refreshSession(p: Platform, token: string): Promise<SessionResponse> {
  const result = await p.db.transaction(async (tx): Promise<SessionResponse | AuthError> => {
    const r = await tx.query<TokenRow>(
      `select t.id::text, t.token, t.user_id, t.revoked, t.session_id,
              extract(epoch from (now() - t.updated_at))::float8 as age,
              s.sign_in_method as method, extract(epoch from s.created_at)::bigint::text as created
       from auth.refresh_tokens t left join auth.sessions s on s.id = t.session_id
       where t.token = $1 for update of t`,
      [token],
    );
    const row = r.rows[0];
    if (!row || !row.session_id) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const user = await findUserById(tx, row.user_id);
    if (!user) throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
    const session = { id: row.session_id, method: row.method ?? 'password', createdAt: Number(row.created ?? 0) };
    if (row.revoked) {
      const active = await tx.query<{ token: string }>(
        `select token from auth.refresh_tokens where session_id = $1 and revoked = false order by id desc limit 1`,
        [row.session_id],
      );
      const current = active.rows[0]?.token;
      if (current && row.age <= p.config.auth.refreshTokenReuseInterval) {
        await tx.query(`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`, [row.session_id]);
        return sessionResponse(p, tx, row.user_id, session, current);
      }
      // Outside the window: someone replayed an old token, so the session is compromised.
      await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and revoked = false`, [
        row.session_id,
      ]);
      // Returned, not thrown, so the revocation above commits.
      return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
    }
    const next = randomToken(24);
    await tx.query(`update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1`, [row.id]);
    await tx.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, parent, session_id, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, false, $3, $4, now(), now())`,
      [next, row.user_id, row.token, row.session_id],
    );
    await tx.query(`update auth.sessions set refreshed_at = now() at time zone 'utc', updated_at = now() where id = $1`, [row.session_id]);
    return sessionResponse(p, tx, row.user_id, session, next);
  });
  if (result instanceof AuthError) throw result;
  return result;
}

export interface Caller {
  user: UserRow;
  claims: Claims;
  sessionId: string | null;
}

/**
 * The user behind `Authorization: Bearer <access token>` for /user and /logout: a valid
 * signature, a UUID sub naming an existing user, and a session that still exists.
 */
export async function requireUser(p: Platform, req: Request): Promise<Caller> {
  const token = /^Bearer\s+(.+)$/i.exec(req.headers.get('authorization') ?? '')?.[1]?.trim();
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token');
  let claims: Claims;
  try {
    claims = await p.jwt.verify(token);
  } catch (err) {
    const reason = err instanceof TokenError && err.reason === 'expired' ? 'token is expired' : 'signature is invalid';
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`);
  }
  const sub = claims.sub;
  if (typeof sub !== 'string' || !sub) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  if (!isUuid(sub)) throw new AuthError(400, 'bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(p.db, sub);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const sid = typeof claims.session_id === 'string' && claims.session_id ? claims.session_id : null;
  if (sid) {
    const s = isUuid(sid) ? await p.db.query('select 1 from auth.sessions where id = $1 and user_id = $2', [sid, sub]) : { rows: [] };
    if (!s.rows.length) throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  return { user, claims, sessionId: sid };
}

/** Sign-out: global = every session of the user, local = this one, others = all but this one. */
export async function logout(p: Platform, caller: Caller, scope: string): Promise<void> {
  const uid = caller.user.id;
  if (scope === 'global' || !caller.sessionId) {
    await p.db.query('delete from auth.sessions where user_id = $1', [uid]);
  } else if (scope === 'local') {
    await p.db.query('delete from auth.sessions where id = $1', [caller.sessionId]);
  } else {
    await p.db.query('delete from auth.sessions where user_id = $1 and id <> $2', [uid, caller.sessionId]);
  }
}

/** Signs out every other session (after a password change), as GoTrue does. */
export async function logoutOthers(db: Queryable, userId: string, keepSessionId: string | null): Promise<void> {
  if (keepSessionId) await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, keepSessionId]);
  else await db.query('delete from auth.sessions where user_id = $1', [userId]);
}
