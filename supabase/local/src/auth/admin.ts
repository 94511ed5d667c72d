import type { Platform } from '../core/types.ts';
import {
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  isUniqueViolation,
  isUuid,
  listUsers,
  mergeMetadata,
  setEmail,
  confirmEmail,
  userJson,
} from './users.ts';
import { issueEmailToken, pkceParams } from './verify.ts';
import { AuthError, checkPassword, obj, ok, parseGoDuration, readBodyObject, routeNotFound, str, validEmail, type Body } from './util.ts';
import type { AuthGuards } from './guards.ts';
import { routeBuilder, type Route } from '../router.ts';
import type { MailType } from './mail.ts';

/** ban_duration: 'none' lifts a ban, a Go duration bans until now + duration. */
function banUntil(value: unknown): Date | null | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new AuthError(400, 'validation_failed', 'ban_duration must be a string');
  if (value === 'none') return null;
  const ms = parseGoDuration(value);
  if (ms === null) throw new AuthError(400, 'validation_failed', `invalid format for ban duration: ${value}`);
  return new Date(Date.now() + ms);
}

function optionalEmail(body: Body): string | undefined {
  const raw = str(body, 'email');
  return raw === undefined || raw === '' ? undefined : validEmail(raw);
}

/** POST /admin/users: creates a user directly, optionally confirmed and banned. */
async function createUser(p: Platform, body: Body): Promise<Response> {
  const email = optionalEmail(body);
  const phone = str(body, 'phone');
  if (!email && !phone) throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  const id = str(body, 'id');
  if (id !== undefined && !isUuid(id)) throw new AuthError(400, 'validation_failed', 'id must be a UUID');
  const password = str(body, 'password');
  const passwordHash = str(body, 'password_hash');
  if (password !== undefined) checkPassword(password, p.config.auth);
  const role = str(body, 'role');
  const bannedUntil = banUntil(body.ban_duration);
  if (email && (await findUserByEmail(p.db, email))) {
    throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
  }
  let userId: string;
  try {
    userId = await p.db.transaction(async (tx) =>
      insertUser(tx, {
        id,
        email: email ?? null,
        phone: phone ?? null,
        passwordHash: password !== undefined ? await hashPassword(password) : (passwordHash ?? null),
        confirmed: body.email_confirm === true,
        userMetadata: obj(body, 'user_metadata') ?? obj(body, 'data'),
        appMetadata: obj(body, 'app_metadata'),
        role: role || undefined,
        bannedUntil: bannedUntil ?? null,
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    throw err;
  }
  if (body.phone_confirm === true) {
    await p.db.query('update auth.users set phone_confirmed_at = now() where id = $1', [userId]);
  }
  return ok(userJson((await findUserById(p.db, userId))!));
}

/** PUT /admin/users/{id}: GoTrue's admin update (metadata merges, ban, password, e-mail). */
async function updateUser(p: Platform, id: string, body: Body): Promise<Response> {
  const user = await findUserById(p.db, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  const email = optionalEmail(body);
  const password = str(body, 'password');
  if (password !== undefined) checkPassword(password, p.config.auth);
  const bannedUntil = banUntil(body.ban_duration);
  const userMeta = obj(body, 'user_metadata');
  const appMeta = obj(body, 'app_metadata');
  const role = str(body, 'role');
  const phone = str(body, 'phone');
  const hash = password !== undefined ? await hashPassword(password) : undefined;
  try {
    await p.db.transaction(async (tx) => {
      if (email && email !== user.email) {
        const taken = await findUserByEmail(tx, email);
        if (taken && taken.id !== id) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
        await setEmail(tx, id, email);
        if (body.email_confirm !== true && !user.email_confirmed_at) {
          await tx.query('update auth.users set email_confirmed_at = null where id = $1', [id]);
        }
      }
      if (body.email_confirm === true) await confirmEmail(tx, id);
      if (hash) await tx.query('update auth.users set encrypted_password = $2 where id = $1', [id, hash]);
      if (userMeta) await tx.query('update auth.users set raw_user_meta_data = $2::jsonb where id = $1', [id, JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMeta))]);
      if (appMeta) await tx.query('update auth.users set raw_app_meta_data = $2::jsonb where id = $1', [id, JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMeta))]);
      if (role) await tx.query('update auth.users set role = $2 where id = $1', [id, role]);
      if (phone !== undefined) await tx.query('update auth.users set phone = $2 where id = $1', [id, phone || null]);
      if (body.phone_confirm === true) await tx.query('update auth.users set phone_confirmed_at = now() where id = $1', [id]);
      if (bannedUntil !== undefined) {
        // Sessions stay: the refresh grant refuses them with user_banned while the ban lasts.
        await tx.query('update auth.users set banned_until = $2::timestamptz where id = $1', [id, bannedUntil?.toISOString() ?? null]);
      }
      await tx.query('update auth.users set updated_at = now() where id = $1', [id]);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered');
    throw err;
  }
  return ok(userJson((await findUserById(p.db, id))!));
}

const LINK_TYPES: Record<string, MailType> = {
  signup: 'signup',
  magiclink: 'magiclink',
  recovery: 'recovery',
  invite: 'invite',
};

/** POST /admin/generate_link: the link a mail would carry, without sending the mail. */
async function generateLink(p: Platform, req: Request, body: Body): Promise<Response> {
  const type = str(body, 'type') ?? '';
  const mailType = LINK_TYPES[type];
  if (!mailType) throw new AuthError(400, 'validation_failed', `Invalid or unsupported link type: ${type}`);
  const email = validEmail(str(body, 'email'));
  const redirect = str(body, 'redirect_to') ?? new URL(req.url).searchParams.get('redirect_to');
  let user = await findUserByEmail(p.db, email);
  if (!user) {
    if (type !== 'signup' && type !== 'invite') throw new AuthError(404, 'user_not_found', 'User with this email not found');
    const password = str(body, 'password');
    if (type === 'signup') checkPassword(password, p.config.auth);
    const id = await insertUser(p.db, {
      email,
      passwordHash: password ? await hashPassword(password) : null,
      confirmed: false,
      userMetadata: obj(body, 'data'),
    });
    user = (await findUserById(p.db, id))!;
  }
  const issued = await issueEmailToken(p, p.db, { user, type: mailType, to: email, redirectTo: redirect ?? null, pkce: pkceParams(body), send: false });
  const fresh = (await findUserById(p.db, user.id))!;
  return ok({
    ...userJson(fresh),
    action_link: issued.link,
    email_otp: issued.otp,
    hashed_token: issued.token,
    redirect_to: issued.redirectTo,
    verification_type: type,
  });
}

/** GET /admin/users?page&per_page: one page of users, with GoTrue's total and Link headers. */
async function listUsersPage(p: Platform, req: Request): Promise<Response> {
  const q = new URL(req.url).searchParams;
  const page = Math.max(1, Number.parseInt(q.get('page') || '1', 10) || 1);
  const perPage = Math.min(1000, Math.max(1, Number.parseInt(q.get('per_page') || '50', 10) || 50));
  const { users, total } = await listUsers(p.db, page, perPage);
  const last = Math.max(1, Math.ceil(total / perPage));
  const links: string[] = [];
  if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
  links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
  return ok({ aud: 'authenticated', users: users.map(userJson) }, 200, { 'x-total-count': String(total), link: links.join(', ') });
}

/** The id of /admin/users/{id}: GoTrue answers user_not_found for one that is not a UUID, whatever the method. */
function userId(id: string): string {
  if (!isUuid(id)) throw new AuthError(404, 'user_not_found', 'User not found');
  return id;
}

async function getUser(p: Platform, id: string): Promise<Response> {
  const user = await findUserById(p.db, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  return ok(userJson(user));
}

async function deleteUser(p: Platform, id: string): Promise<Response> {
  const r = await p.db.query('delete from auth.users where id = $1', [id]);
  if (!r.rowCount) throw new AuthError(404, 'user_not_found', 'User not found');
  return ok({});
}

/** The /admin routes: every one, even an unknown path below /admin/, needs the service-role key first. */
export function adminRoutes(p: Platform): Route<AuthGuards>[] {
  const r = routeBuilder<AuthGuards>();
  const body = (req: Request) => readBodyObject(req, p.config.maxBodyBytes);
  return [
    r('GET', '/admin/users', 'admin', async (req) => listUsersPage(p, req)),
    r('POST', '/admin/users', 'admin', async (req) => createUser(p, await body(req))),
    r('POST', '/admin/generate_link', 'admin', async (req) => generateLink(p, req, await body(req))),
    r('GET', '/admin/users/:id', 'admin', async (_, { id }) => getUser(p, userId(id))),
    r('PUT', '/admin/users/:id', 'admin', async (req, { id }) => updateUser(p, userId(id), await body(req))),
    // GoTrue reads should_soft_delete from the body: a malformed one is refused here too.
    r('DELETE', '/admin/users/:id', 'admin', async (req, { id }) => {
      const checked = userId(id);
      await body(req);
      return deleteUser(p, checked);
    }),
    r('*', '/admin/users/:id', 'admin', async (_, { id }) => {
      userId(id);
      throw routeNotFound();
    }),
    r('*', '/admin/*', 'admin', async () => {
      throw routeNotFound();
    }),
  ];
}
