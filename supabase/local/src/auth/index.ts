import { randomUUID } from 'node:crypto';
import type { ApiModule, Platform } from '../core/types.ts';
import { createRouter, routeBuilder, type Route } from '../router.ts';
import { adminRoutes } from './admin.ts';
import { authGuards, type AuthGuards } from './guards.ts';
import { authBootstrapSql } from './schema.ts';
import { createSession, logout, logoutOthers, refreshSession, type Caller } from './sessions.ts';
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  isBanned,
  isUniqueViolation,
  mergeMetadata,
  setEmail,
  userJson,
  verifyPassword,
  type UserRow,
} from './users.ts';
import { createAuthLimits, type AuthLimits, type LimitedRoute } from './ratelimit.ts';
import { exchangePkce, issueEmailToken, pkceParams, verifyGet, verifyPost } from './verify.ts';
import { AuthError, checkPassword, errorResponse, obj, ok, readBodyObject, routeNotFound, str, validEmail, type Body } from './util.ts';
import { mailLater } from './mail.ts';

export { createDevMailApi } from './mail.ts';

const redirectParam = (req: Request) => new URL(req.url).searchParams.get('redirect_to');

/**
 * The answer to a sign-up for an address that already has an account (GoTrue's sanitizeUser):
 * a made-up user with no identities, so the answer reveals neither the account nor its id.
 */
function obfuscatedUser(email: string, data: Record<string, unknown>): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/**
 * POST /signup: a new e-mail user; a session when confirmations are off, else a confirmation
 * mail. An address awaiting confirmation keeps its password and metadata (the caller has not
 * proved it owns the address) and only gets the confirmation mail again, as on GoTrue; unlike
 * GoTrue, which then answers with the real user, the answer is the made-up one.
 */
async function signup(p: Platform, req: Request, body: Body): Promise<Response> {
  const settings = p.config.auth;
  if (!settings.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  const email = validEmail(str(body, 'email'));
  const password = checkPassword(str(body, 'password'), settings);
  const data = obj(body, 'data') ?? {};
  const pkce = pkceParams(body);
  const existing = await findUserByEmail(p.db, email);
  if (existing) {
    if (!settings.enableConfirmations) throw new AuthError(422, 'user_already_exists', 'User already registered');
    if (!existing.email_confirmed_at) {
      await issueEmailToken(p, p.db, { user: existing, type: 'signup', to: email, redirectTo: redirectParam(req), pkce });
    }
    return ok(obfuscatedUser(email, data));
  }
  const hash = await hashPassword(password);
  const userId = await p.db
    .transaction(async (tx) => {
      const id = await insertUser(tx, { email, passwordHash: hash, confirmed: !settings.enableConfirmations, userMetadata: data });
      if (settings.enableConfirmations) {
        const user = (await findUserById(tx, id))!;
        await issueEmailToken(p, tx, { user, type: 'signup', to: email, redirectTo: redirectParam(req), pkce });
      }
      return id;
    })
    .catch((err: unknown) => {
      if (isUniqueViolation(err)) throw new AuthError(422, 'user_already_exists', 'User already registered');
      throw err;
    });
  if (!settings.enableConfirmations) return ok(await createSession(p, p.db, userId, 'password', req.headers.get('user-agent')));
  return ok(userJson((await findUserById(p.db, userId))!));
}

/** POST /token?grant_type=password: e-mail + password → session. */
async function passwordGrant(p: Platform, req: Request, body: Body): Promise<Response> {
  const email = str(body, 'email');
  const password = str(body, 'password') ?? '';
  if (!email) {
    if (str(body, 'phone')) throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
    throw new AuthError(400, 'validation_failed', 'missing email or phone');
  }
  const user = await findUserByEmail(p.db, email.trim().toLowerCase());
  if (!user || !(await verifyPassword(password, user.encrypted_password))) {
    throw new AuthError(400, 'invalid_credentials', 'Invalid login credentials');
  }
  if (isBanned(user)) throw new AuthError(400, 'user_banned', 'User is banned');
  if (!user.email_confirmed_at && p.config.auth.enableConfirmations) {
    throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
  }
  const session = await createSession(p, p.db, user.id, 'password', req.headers.get('user-agent'));
  return ok(session);
}

/** POST /token: one rate limit for every grant, checked once the grant is known (as GoTrue). */
async function token(p: Platform, req: Request, body: Body, limit: AuthLimits): Promise<Response> {
  const grant = new URL(req.url).searchParams.get('grant_type');
  if (grant === 'password' || grant === 'refresh_token' || grant === 'pkce') limit('token', req);
  switch (grant) {
    case 'password':
      return passwordGrant(p, req, body);
    case 'refresh_token': {
      const rt = str(body, 'refresh_token');
      if (!rt) throw new AuthError(400, 'validation_failed', 'refresh_token required');
      return ok(await refreshSession(p, rt));
    }
    case 'pkce':
      return ok(await exchangePkce(p, req, body));
    default:
      throw new AuthError(400, 'unsupported_grant_type', `unsupported_grant_type: ${grant ?? ''}`);
  }
}

/** PUT /user: password, e-mail (confirmed by mail to the new address), metadata. */
async function updateUser(p: Platform, req: Request, caller: Caller, body: Body): Promise<Response> {
  const user = caller.user;
  const settings = p.config.auth;
  const password = str(body, 'password');
  const rawEmail = str(body, 'email');
  const email = rawEmail ? validEmail(rawEmail) : undefined;
  const data = obj(body, 'data');
  const pkce = pkceParams(body);
  if (password !== undefined) {
    checkPassword(password, settings);
    if (await verifyPassword(password, user.encrypted_password)) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.');
    }
  }
  const hash = password !== undefined ? await hashPassword(password) : undefined;
  await p.db.transaction(async (tx) => {
    if (data) {
      await tx.query('update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1', [
        user.id,
        JSON.stringify(mergeMetadata(user.raw_user_meta_data, data)),
      ]);
    }
    if (hash) {
      await tx.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [user.id, hash]);
      await logoutOthers(tx, user.id, caller.sessionId);
    }
    if (email && email !== user.email?.toLowerCase()) {
      const taken = await findUserByEmail(tx, email);
      if (taken) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
      if (settings.enableConfirmations || settings.doubleConfirmChanges) {
        await tx.query(`update auth.users set email_change = $2, email_change_confirm_status = 0, updated_at = now() where id = $1`, [
          user.id,
          email,
        ]);
        await issueEmailToken(p, tx, { user, type: 'email_change', to: email, redirectTo: redirectParam(req), pkce });
      } else {
        await setEmail(tx, user.id, email);
      }
    }
  });
  return ok(userJson((await findUserById(p.db, user.id))!));
}

/**
 * POST /recover: 200 {} at once whether or not the address has an account (no enumeration,
 * by status or by time); the lookup and the recovery mail happen after the answer.
 */
async function recover(p: Platform, req: Request, body: Body): Promise<Response> {
  const email = validEmail(str(body, 'email'));
  const pkce = pkceParams(body);
  const redirectTo = redirectParam(req);
  mailLater(p, req, async () => {
    const user = await findUserByEmail(p.db, email);
    if (user) await issueEmailToken(p, p.db, { user, type: 'recovery', to: email, redirectTo, pkce });
  });
  return ok({});
}

/**
 * POST /otp (signInWithOtp by e-mail): a magic link, or a confirmation mail for a new address.
 * With create_user false it answers 200 {} for any address, like /recover (GoTrue answers 422
 * otp_disabled for an unknown one, which tells who has an account), and mails after answering.
 */
async function otp(p: Platform, req: Request, body: Body): Promise<Response> {
  const settings = p.config.auth;
  const email = validEmail(str(body, 'email'));
  const pkce = pkceParams(body);
  const redirectTo = redirectParam(req);
  const mailTo = async (user: UserRow) => {
    await issueEmailToken(p, p.db, { user, type: user.email_confirmed_at ? 'magiclink' : 'signup', to: email, redirectTo, pkce });
  };
  if (body.create_user === false) {
    mailLater(p, req, async () => {
      const user = await findUserByEmail(p.db, email);
      if (user) await mailTo(user);
    });
    return ok({});
  }
  let user = await findUserByEmail(p.db, email);
  if (!user) {
    if (!settings.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    const id = await insertUser(p.db, { email, passwordHash: null, confirmed: false, userMetadata: obj(body, 'data') ?? {} }).catch(
      (err: unknown) => {
        if (isUniqueViolation(err)) throw new AuthError(422, 'user_already_exists', 'User already registered');
        throw err;
      },
    );
    user = (await findUserById(p.db, id))!;
  }
  await mailTo(user);
  return ok({});
}

/** POST /resend: a fresh signup confirmation or e-mail change mail; 200 {} whatever the state. */
async function resend(p: Platform, req: Request, body: Body): Promise<Response> {
  const email = validEmail(str(body, 'email'));
  const type = str(body, 'type');
  if (type !== 'signup' && type !== 'email_change') throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change');
  const pkce = pkceParams(body);
  if (type === 'signup') {
    const user = await findUserByEmail(p.db, email);
    if (user && !user.email_confirmed_at) {
      await issueEmailToken(p, p.db, { user, type: 'signup', to: email, redirectTo: redirectParam(req), pkce });
    }
  } else {
    const r = await p.db.query<{ id: string }>(`select id from auth.users where lower(email) = $1 and email_change <> ''`, [email]);
    const user = r.rows[0] ? await findUserById(p.db, r.rows[0].id) : null;
    if (user?.email_change) {
      await issueEmailToken(p, p.db, { user, type: 'email_change', to: user.email_change, redirectTo: redirectParam(req), pkce });
    }
  }
  return ok({});
}

/** POST /invite (service role): creates the user if needed and mails an invitation link. */
async function invite(p: Platform, req: Request, body: Body): Promise<Response> {
  const email = validEmail(str(body, 'email'));
  let user = await findUserByEmail(p.db, email);
  if (user?.email_confirmed_at) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  if (!user) {
    const id = await insertUser(p.db, { email, passwordHash: null, confirmed: false, userMetadata: obj(body, 'data') ?? {} });
    user = (await findUserById(p.db, id))!;
  }
  await issueEmailToken(p, p.db, { user, type: 'invite', to: email, redirectTo: redirectParam(req), pkce: null });
  return ok(userJson((await findUserById(p.db, user.id))!));
}

/** GET /settings: what the project allows, as GoTrue reports it. */
function settingsJson(p: Platform): Record<string, unknown> {
  const a = p.config.auth;
  const external: Record<string, boolean> = { anonymous_users: false, email: true, phone: false };
  for (const k of ['apple', 'azure', 'bitbucket', 'discord', 'facebook', 'figma', 'github', 'gitlab', 'google', 'keycloak', 'kakao', 'linkedin_oidc', 'notion', 'slack_oidc', 'spotify', 'twitch', 'twitter', 'workos', 'zoom']) {
    external[k] = false;
  }
  return {
    external,
    disable_signup: !a.enableSignup,
    mailer_autoconfirm: !a.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  };
}

/** POST /logout?scope=global|local|others */
async function signOut(p: Platform, req: Request, caller: Caller): Promise<Response> {
  const scope = new URL(req.url).searchParams.get('scope') ?? 'global';
  if (!['global', 'local', 'others'].includes(scope)) throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`);
  await logout(p, caller, scope);
  return new Response(null, { status: 204 });
}

/**
 * GoTrue's routes. As in GoTrue, the caller is checked (the route's guard) before the rate
 * limit and the body, which the handler reads.
 */
function authRoutes(p: Platform, limit: AuthLimits): Route<AuthGuards>[] {
  const r = routeBuilder<AuthGuards>();
  const body = (req: Request) => readBodyObject(req, p.config.maxBodyBytes);
  /** A rate-limited route taking a JSON body; the limit counts before the body is read. */
  const limited = (name: LimitedRoute, handler: (p: Platform, req: Request, body: Body) => Promise<Response>) => async (req: Request) => {
    limit(name, req);
    return handler(p, req, await body(req));
  };
  return [
    r('GET', '/health', 'none', async () => ok({ version: 'local', name: 'GoTrue', description: 'supabase/local auth' })),
    r('GET', '/settings', 'none', async () => ok(settingsJson(p))),
    r('POST', '/signup', 'none', limited('signup', signup)),
    r('POST', '/token', 'none', async (req) => token(p, req, await body(req), limit)),
    r('GET', '/verify', 'none', async (req) => {
      limit('verify', req);
      return verifyGet(p, req);
    }),
    r('POST', '/verify', 'none', limited('verify', async (...args) => ok(await verifyPost(...args)))),
    r('POST', '/recover', 'none', limited('recover', recover)),
    r('POST', '/otp', 'none', limited('otp', otp)),
    r('POST', '/resend', 'none', limited('resend', resend)),
    r('POST', '/invite', 'admin', async (req) => invite(p, req, await body(req))),
    r('GET', '/user', 'user', async (_, __, caller) => ok(userJson(caller.user))),
    r('PUT', '/user', 'user', async (req, _, caller) => {
      limit('user', req);
      return updateUser(p, req, caller, await body(req));
    }),
    r('POST', '/logout', 'user', async (req, _, caller) => signOut(p, req, caller)),
    ...adminRoutes(p),
  ];
}

/** The Auth API (GoTrue's contract as auth-js uses it), mounted at /auth/v1. */
export async function createAuthApi(p: Platform): Promise<ApiModule> {
  const route = createRouter(authRoutes(p, createAuthLimits(p.config.auth)), authGuards(p));
  return {
    prefix: '/auth/v1',
    // The links in e-mails open /verify in a browser, with no key (Kong's auth-v1-open route).
    needsApiKey: (path) => path !== '/verify',
    bootstrapSql: authBootstrapSql,
    async handle(req, path) {
      try {
        return (await route(req, path)) ?? errorResponse(routeNotFound());
      } catch (err) {
        if (err instanceof AuthError) return errorResponse(err);
        throw err;
      }
    },
  };
}
