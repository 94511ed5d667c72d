import { createHash, randomUUID } from 'node:crypto';
import type { Platform } from '../core/types.ts';
import type { Queryable } from '../db/types.ts';
import { sendMail, type MailType } from './mail.ts';
import { createSession, type SessionResponse, type SignInMethod } from './sessions.ts';
import { confirmEmail, findUserByEmail, setEmail, type UserRow } from './users.ts';
import { AuthError, randomOtp, randomToken, safeRedirect, sha256, type Body, str } from './util.ts';

/** Wrong six-digit codes an address may try before its code stops working (the link still does). */
export const MAX_CODE_ATTEMPTS = 5;
/** How long a PKCE auth code may wait for its exchange (seconds). */
export const AUTH_CODE_TTL = 5 * 60;

export interface Pkce {
  challenge: string;
  method: string;
}

/** Reads code_challenge/code_challenge_method; null for the implicit flow. */
export function pkceParams(body: Body): Pkce | null {
  const challenge = str(body, 'code_challenge');
  const method = str(body, 'code_challenge_method');
  if (!challenge && !method) return null;
  if (!challenge || !method) throw new AuthError(400, 'validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  const m = method.toLowerCase();
  if (m !== 's256' && m !== 'plain') throw new AuthError(400, 'validation_failed', `Code challenge method not supported: ${method}`);
  if (challenge.length < 43 || challenge.length > 128) throw new AuthError(400, 'validation_failed', 'Invalid code_challenge length');
  return { challenge, method: m };
}

export interface IssuedToken {
  link: string;
  /** The value of ?token= in the link; also accepted as token_hash by POST /verify. */
  token: string;
  otp: string;
  redirectTo: string;
}

const SENT_AT: Record<MailType, string> = {
  signup: 'confirmation_sent_at',
  recovery: 'recovery_sent_at',
  email_change: 'email_change_sent_at',
  magiclink: 'recovery_sent_at',
  invite: 'invited_at',
};

/**
 * Creates a single-use e-mail token (only its hashes are stored), the PKCE flow state when
 * the request carried a code challenge, and the mail with its /verify link.
 */
export async function issueEmailToken(
  p: Platform,
  db: Queryable,
  o: { user: UserRow; type: MailType; to: string; redirectTo: string | null; pkce: Pkce | null; send?: boolean },
): Promise<IssuedToken> {
  const redirectTo = safeRedirect(o.redirectTo, p.config.auth);
  await db.query('delete from _local.auth_otp where (user_id = $1 and type = $2) or expires_at < now()', [o.user.id, o.type]);
  const ttl = p.config.auth.otpExpiry;
  await db.query(`delete from auth.flow_state where created_at < now() - make_interval(secs => $1)`, [ttl]);
  let flowStateId: string | null = null;
  const raw = randomToken(32);
  let token = raw;
  if (o.pkce) {
    flowStateId = randomUUID();
    await db.query(
      `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, provider_type, authentication_method)
       values ($1, $2, $3, $4, $5, 'email', $6)`,
      [flowStateId, o.user.id, randomUUID(), o.pkce.method, o.pkce.challenge, o.type === 'recovery' ? 'recovery' : o.type],
    );
    token = `pkce_${raw}`;
  }
  const otp = randomOtp();
  await db.query(
    `insert into _local.auth_otp (user_id, type, token_hash, otp_hash, email, redirect_to, flow_state_id, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))`,
    [o.user.id, o.type, sha256(raw), sha256(o.to.toLowerCase() + otp), o.to, redirectTo, flowStateId, ttl],
  );
  await db.query(`update auth.users set ${SENT_AT[o.type]} = now(), updated_at = now() where id = $1`, [o.user.id]);
  const link =
    `${p.config.url}/auth/v1/verify?token=${encodeURIComponent(token)}&type=${o.type}` + `&redirect_to=${encodeURIComponent(redirectTo)}`;
  if (o.send !== false) {
    await sendMail(db, { to: o.to, type: o.type, link, otp });
    p.log('mail', `${o.type} → ${o.to} (see ${p.config.url}/_dev/mail)`);
  }
  return { link, token, otp, redirectTo };
}

interface OtpRow {
  id: string;
  user_id: string;
  type: MailType;
  email: string;
  redirect_to: string | null;
  flow_state_id: string | null;
  expired: boolean;
}

/** Which stored token types a requested verification type accepts. */
function typesFor(type: string): MailType[] {
  switch (type) {
    case 'signup':
      return ['signup'];
    case 'email':
      return ['signup', 'magiclink', 'invite'];
    case 'recovery':
    case 'magiclink':
    case 'invite':
    case 'email_change':
      return [type];
    default:
      throw new AuthError(400, 'validation_failed', `Verify requires a valid type, got: ${type}`);
  }
}

/** Finds and burns a token (single use); null when unknown, of another type or expired. */
async function consume(db: Queryable, where: { tokenHash?: string; otpHash?: string }, types: MailType[]): Promise<OtpRow | null> {
  const r = await db.query<OtpRow>(
    `delete from _local.auth_otp where id = (
       select id from _local.auth_otp where ${where.tokenHash ? 'token_hash' : 'otp_hash'} = $1 and type = any($2::text[])
       order by id desc limit 1)
     returning id::text, user_id, type, email, redirect_to, flow_state_id, expires_at < now() as expired`,
    [where.tokenHash ?? where.otpHash, types],
  );
  const row = r.rows[0];
  return row && !row.expired ? row : null;
}

/** What a verified token does to the user: confirm the address, or switch to the new one. */
async function applyToken(db: Queryable, row: OtpRow): Promise<void> {
  if (row.type === 'email_change') {
    const taken = await findUserByEmail(db, row.email);
    if (taken && taken.id !== row.user_id) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    await setEmail(db, row.user_id, row.email);
  } else {
    await confirmEmail(db, row.user_id);
  }
  if (row.type === 'recovery' || row.type === 'magiclink') {
    await db.query(`update auth.users set recovery_token = '', updated_at = now() where id = $1`, [row.user_id]);
  }
}

const METHOD: Record<MailType, SignInMethod> = {
  signup: 'otp',
  recovery: 'recovery',
  email_change: 'email_change',
  magiclink: 'otp',
  invite: 'invite',
};

function errorRedirect(target: string, pkce: boolean): Response {
  const params = 'error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired';
  const url = new URL(target);
  url.hash = '';
  let out = url.toString();
  if (pkce) {
    for (const [k, v] of new URLSearchParams(params)) url.searchParams.set(k, v);
    out = url.toString();
  }
  return new Response(null, { status: 303, headers: { location: `${out}#${params}` } });
}

/**
 * GET /verify, the link in the mail: burns the token, then 303 to redirect_to with the
 * session in the fragment (implicit) or ?code= (PKCE tokens, prefixed pkce_).
 */
export async function verifyGet(p: Platform, req: Request): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const token = q.get('token') ?? '';
  const type = q.get('type') ?? '';
  const isPkce = token.startsWith('pkce_');
  const requested = q.get('redirect_to');
  let target = safeRedirect(requested, p.config.auth);
  let types: MailType[];
  try {
    types = typesFor(type);
  } catch {
    return errorRedirect(target, isPkce);
  }
  if (!token) return errorRedirect(target, isPkce);
  const raw = isPkce ? token.slice(5) : token;
  type Outcome = { code: string } | { session: SessionResponse; type: MailType } | null;
  const outcome: Outcome = await p.db
    .transaction(async (tx): Promise<Outcome> => {
      const row = await consume(tx, { tokenHash: sha256(raw) }, types);
      if (!row) return null;
      if (!requested && row.redirect_to) target = safeRedirect(row.redirect_to, p.config.auth);
      await applyToken(tx, row);
      if (row.flow_state_id) {
        const f = await tx.query<{ auth_code: string }>(
          `update auth.flow_state set auth_code_issued_at = now(), updated_at = now() where id = $1 returning auth_code`,
          [row.flow_state_id],
        );
        const code = f.rows[0]?.auth_code;
        return code ? { code } : null;
      }
      return { session: await createSession(p, tx, row.user_id, METHOD[row.type], req.headers.get('user-agent')), type: row.type };
    })
    .catch((err: unknown) => {
      if (err instanceof AuthError) return null;
      throw err;
    });
  if (!outcome) return errorRedirect(target, isPkce);
  const url = new URL(target);
  url.hash = '';
  if ('code' in outcome) {
    url.searchParams.set('code', outcome.code);
    return new Response(null, { status: 303, headers: { location: url.toString() } });
  }
  const s = outcome.session;
  const frag = new URLSearchParams({
    access_token: s.access_token,
    expires_at: String(s.expires_at),
    expires_in: String(s.expires_in),
    refresh_token: s.refresh_token,
    token_type: 'bearer',
    type: outcome.type,
  });
  return new Response(null, { status: 303, headers: { location: `${url.toString()}#${frag.toString()}` } });
}

/** POST /verify ({token_hash, type} or {email, token, type}): burns the token, returns a session. */
export async function verifyPost(p: Platform, req: Request, body: Body): Promise<SessionResponse> {
  const type = str(body, 'type') ?? '';
  const tokenHash = str(body, 'token_hash');
  const token = str(body, 'token');
  const email = str(body, 'email');
  if (!type) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type');
  const types = typesFor(type);
  let where: { tokenHash?: string; otpHash?: string };
  if (tokenHash) {
    where = { tokenHash: sha256(tokenHash.startsWith('pkce_') ? tokenHash.slice(5) : tokenHash) };
  } else if (token && email) {
    where = { otpHash: sha256(email.trim().toLowerCase() + token.trim()) };
  } else {
    throw new AuthError(400, 'validation_failed', 'Verify requires either a token hash or an email and token');
  }
  const result = await p.db.transaction(async (tx) => {
    const row = await consume(tx, where, types);
    if (!row) return null;
    await applyToken(tx, row);
    if (row.flow_state_id) await tx.query('delete from auth.flow_state where id = $1', [row.flow_state_id]);
    return createSession(p, tx, row.user_id, METHOD[row.type], req.headers.get('user-agent'));
  });
  if (!result) {
    if (email && !tokenHash) await countWrongCode(p.db, email.trim().toLowerCase(), types);
    throw new AuthError(403, 'otp_expired', 'Token has expired or is invalid');
  }
  return result;
}

/** A wrong code for an address: after MAX_CODE_ATTEMPTS its pending codes stop working. */
async function countWrongCode(db: Queryable, email: string, types: MailType[]): Promise<void> {
  await db.query(
    `update _local.auth_otp set failed_attempts = failed_attempts + 1,
       otp_hash = case when failed_attempts + 1 >= $3 then null else otp_hash end
     where lower(email) = $1 and type = any($2::text[]) and otp_hash is not null`,
    [email, types, MAX_CODE_ATTEMPTS],
  );
}

/** POST /token?grant_type=pkce: the auth code from ?code= plus the verifier → a session. */
export async function exchangePkce(p: Platform, req: Request, body: Body): Promise<SessionResponse> {
  const code = str(body, 'auth_code');
  const verifier = str(body, 'code_verifier');
  if (!code || !verifier) throw new AuthError(400, 'validation_failed', 'invalid request: both auth code and code verifier should be non-empty');
  const result = await p.db.transaction(async (tx) => {
    const f = await tx.query<{ id: string; user_id: string | null; code_challenge: string; code_challenge_method: string; method: string; age: number | null }>(
      `select id, user_id, code_challenge, code_challenge_method, authentication_method as method,
              extract(epoch from (now() - auth_code_issued_at))::float8 as age
       from auth.flow_state where auth_code = $1 for update`,
      [code],
    );
    const flow = f.rows[0];
    if (!flow || !flow.user_id || flow.age === null) {
      return new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    if (flow.age > AUTH_CODE_TTL) {
      await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
      return new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired');
    }
    const expected =
      flow.code_challenge_method === 'plain' ? verifier : createHash('sha256').update(verifier, 'ascii').digest('base64url');
    if (expected !== flow.code_challenge) {
      return new AuthError(403, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    await tx.query('delete from auth.flow_state where id = $1', [flow.id]);
    const method: SignInMethod = flow.method === 'recovery' ? 'recovery' : 'pkce';
    return createSession(p, tx, flow.user_id, method, req.headers.get('user-agent'));
  });
  if (result instanceof AuthError) throw result;
  return result;
}
