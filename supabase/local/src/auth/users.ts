import bcrypt from 'bcryptjs';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.ts';
import { iso } from './util.ts';

/** The auth.users row as this module reads it (to_jsonb of the row). */
export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  phone: string | null;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  phone_confirmed_at: string | null;
  confirmed_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: string | null;
  updated_at: string | null;
  banned_until: string | null;
  is_anonymous: boolean;
  identities: IdentityRow[];
}

interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
  email: string | null;
}

const SELECT_USER = `
  select to_jsonb(u) || jsonb_build_object('identities', coalesce(
    (select jsonb_agg(to_jsonb(i) order by i.created_at) from auth.identities i where i.user_id = u.id), '[]'::jsonb)) as u
  from auth.users u`;

/** Loads one user with identities by id (null when missing or the id is not a UUID). */
export async function findUserById(db: Queryable, id: string): Promise<UserRow | null> {
  if (!isUuid(id)) return null;
  const r = await db.query<{ u: UserRow }>(`${SELECT_USER} where u.id = $1`, [id]);
  return r.rows[0]?.u ?? null;
}

/** Loads one user by e-mail (case-insensitive, as the unique index). */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | null> {
  const r = await db.query<{ u: UserRow }>(`${SELECT_USER} where lower(u.email) = lower($1) and u.is_sso_user = false`, [email]);
  return r.rows[0]?.u ?? null;
}

/** A page of users, newest first, for the admin list. */
export async function listUsers(db: Queryable, page: number, perPage: number): Promise<{ users: UserRow[]; total: number }> {
  const total = Number((await db.query<{ n: string }>('select count(*)::text as n from auth.users')).rows[0]?.n ?? 0);
  const r = await db.query<{ u: UserRow }>(`${SELECT_USER} order by u.created_at desc, u.id limit $1 offset $2`, [
    perPage,
    (page - 1) * perPage,
  ]);
  return { users: r.rows.map((row) => row.u), total };
}

export function isUuid(id: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
}

/** True while banned_until lies in the future. */
export function isBanned(user: UserRow): boolean {
  return !!user.banned_until && new Date(user.banned_until).getTime() > Date.now();
}

/** The User object auth-js expects (the shape in shared/reference), timestamps in ISO 8601. */
export function userJson(user: UserRow): Record<string, unknown> {
  const out: Record<string, unknown> = {
    id: user.id,
    aud: user.aud ?? 'authenticated',
    role: user.role ?? 'authenticated',
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmed_at: iso(user.confirmed_at),
    confirmation_sent_at: iso(user.confirmation_sent_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    email_change_sent_at: iso(user.email_change_sent_at),
    new_email: user.email_change || null,
    last_sign_in_at: iso(user.last_sign_in_at),
    app_metadata: appMetadata(user),
    user_metadata: user.raw_user_meta_data ?? {},
    identities: (user.identities ?? []).map(identityJson),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous ?? false,
  };
  if (!out.new_email) delete out.new_email;
  if (!out.email_change_sent_at) delete out.email_change_sent_at;
  if (user.phone_confirmed_at) out.phone_confirmed_at = iso(user.phone_confirmed_at);
  if (user.banned_until) out.banned_until = iso(user.banned_until);
  return out;
}

/** app_metadata with GoTrue's provider fields filled in when a seed left them out. */
export function appMetadata(user: UserRow): Record<string, unknown> {
  const meta = { ...(user.raw_app_meta_data ?? {}) };
  if (meta.provider === undefined) meta.provider = 'email';
  if (!Array.isArray(meta.providers)) meta.providers = [meta.provider];
  return meta;
}

function identityJson(i: IdentityRow): Record<string, unknown> {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    email: i.email,
  };
}

/** bcrypt cost 10 like GoTrue. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, 10);
}

/** Accepts bcryptjs hashes and pgcrypto's crypt(…, gen_salt('bf')) $2a$ hashes alike. */
export async function verifyPassword(password: string, hash: string | null): Promise<boolean> {
  if (!hash || !/^\$2[abxy]\$\d\d\$/.test(hash)) return false;
  try {
    return await bcrypt.compare(password, hash);
  } catch {
    return false;
  }
}

export interface NewUser {
  id?: string;
  email: string | null;
  phone?: string | null;
  passwordHash: string | null;
  confirmed: boolean;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  role?: string;
  bannedUntil?: Date | null;
}

/** Inserts a user plus its 'email' identity; the caller handles uniqueness errors. */
export async function insertUser(db: Queryable, u: NewUser): Promise<string> {
  const id = u.id ?? randomUUID();
  const app = { provider: 'email', providers: ['email'], ...(u.appMetadata ?? {}) };
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, phone, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, banned_until, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $2, $3, $4, $5,
       case when $6::boolean then now() end, $7::jsonb, $8::jsonb, $9::timestamptz, now(), now())`,
    [
      id,
      u.role ?? 'authenticated',
      u.email,
      u.phone || null,
      u.passwordHash,
      u.confirmed,
      JSON.stringify(app),
      JSON.stringify(u.userMetadata ?? {}),
      u.bannedUntil ? u.bannedUntil.toISOString() : null,
    ],
  );
  if (u.email) {
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
       values ($1::text, $1::text::uuid, $2::jsonb, 'email', now(), now())`,
      [id, JSON.stringify({ sub: id, email: u.email, email_verified: u.confirmed, phone_verified: false })],
    );
  }
  return id;
}

/** Merges metadata the way GoTrue does: keys are set, null values remove keys. */
export function mergeMetadata(current: Record<string, unknown> | null, patch: Record<string, unknown>): Record<string, unknown> {
  const out = { ...(current ?? {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = v;
  }
  return out;
}

/** Marks the e-mail confirmed (and the identity verified). */
export async function confirmEmail(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1`,
    [userId],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId],
  );
}

/** Moves the user to a new e-mail address (identity data follows). */
export async function setEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.query(
    `update auth.users set email = $2, email_change = '', email_change_token_new = '', email_change_sent_at = null,
       email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
     where id = $1`,
    [userId, email],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [userId, email],
  );
}

/** Whether a Postgres error is a unique violation (e-mail already taken, id reused). */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === '23505' || /duplicate key|unique constraint/i.test(String((err as Error)?.message));
}
