/**
 * The e2e suite's way to the platform `npm start` runs for it (playwright.config.ts): its URL,
 * keys, REST and RPC calls as service_role or anon, the demo accounts of the seed, and the
 * rows a test sets up through the real API.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { Jwt, apiKeys } from '../../../supabase/local/src/jwt.ts';
import { userByKey, type SeedUser } from '../../../supabase/seed/data.ts';
import type { Mail } from '../auth.ts';

export const API = `http://127.0.0.1:${process.env.SUPABASE_LOCAL_PORT ?? 54331}`;

/** The platform's keys, signed with the JWT secret kept in its data folder. */
export async function keys(): Promise<{ anon: string; serviceRole: string }> {
  const dir = process.env.E2E_DATA_DIR ?? process.env.SUPABASE_LOCAL_DATA;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (run through playwright.config.ts)');
  return apiKeys(new Jwt(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()));
}

/** The seed's demo accounts the specs sign in as. */
const demo = (key: string): Pick<SeedUser, 'email' | 'password' | 'id'> => {
  const u = userByKey(key);
  return { email: u.email, password: u.password, id: u.id };
};
export const DEMO = {
  admin: demo('admin'),
  supporto: demo('supporto'),
  giulia: demo('giulia'),
  marco: demo('marco'),
  bannato: demo('bannato'),
} as const;
export type DemoKey = keyof typeof DEMO;

/** A REST call as service_role. */
export async function serviceRest(path: string, init: { method?: string; body?: unknown; prefer?: string } = {}) {
  const key = (await keys()).serviceRole;
  const res = await fetch(`${API}/rest/v1/${path}`, {
    method: init.method ?? 'GET',
    headers: {
      apikey: key,
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      prefer: init.prefer ?? 'return=representation',
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A listing as search_listings returns it (the fields the specs read). */
export interface Row {
  id: string;
  title: string;
  city: string;
  category: string;
  promoted: boolean;
  photos: { url: string; renditions: string | null; placeholder: string | null }[];
  ethnicity: string[];
  hair_color: string[];
  age: number;
}

/** An RPC call, as anon unless a service key or a user's access token is given. */
export async function rpc<T>(fn: string, args: Record<string, unknown>, token?: string): Promise<T> {
  const { anon, serviceRole } = await keys();
  const bearer = token ?? anon;
  const res = await fetch(`${API}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    // The gateway takes only the project's keys as apikey; a user's token goes as the bearer alone.
    headers: { apikey: bearer === serviceRole ? serviceRole : anon, authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: JSON.stringify(args),
  });
  if (!res.ok) throw new Error(`${fn}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** An access token of an account (a demo one, or one from makeAccount), signed in through the auth API. */
export async function accessToken(who: { email: string; password: string }): Promise<string> {
  const { anon } = await keys();
  const res = await fetch(`${API}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: anon, 'content-type': 'application/json' },
    body: JSON.stringify({ email: who.email, password: who.password }),
  });
  if (!res.ok) throw new Error(`sign in ${who.email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** A confirmed account made through the admin API (metadata as sign-up sends it, e.g. `ref`). */
export async function makeAccount(prefix = 'e2e', metadata: Record<string, unknown> = {}): Promise<{ id: string; email: string; password: string }> {
  const key = (await keys()).serviceRole;
  const email = `${prefix}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.test`;
  const password = 'Password-123';
  const res = await fetch(`${API}/auth/v1/admin/users`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, email_confirm: true, user_metadata: { display_name: 'Utente E2E', accepted_terms: true, age_confirmed: true, ...metadata } }),
  });
  const body = (await res.json()) as { id?: string; user?: { id: string } };
  if (!res.ok) throw new Error(`create user: ${res.status} ${JSON.stringify(body)}`);
  return { id: body.id ?? body.user!.id, email, password };
}

/** An admin_notifications row as service_role (a user's, or staff-wide with user_id null). */
export async function makeNotification(row: { user_id: string | null; type: string; entity_id?: string | null; message: string }) {
  const [created] = (await serviceRest('admin_notifications', { method: 'POST', body: { entity_id: null, ...row } })) as { id: string }[];
  return created!;
}

/** Storage as service_role, through supabase-js. */
export const serviceStorage = async () =>
  createClient(API, (await keys()).serviceRole, { realtime: { transport: ws as never }, auth: { persistSession: false, autoRefreshToken: false } }).storage;

/**
 * A public listing of `userId`'s made as service_role (Roma, donne, 30 anni); with `photo`, one
 * of the user's own seeded photos stored as the upload function stores it (crop and original).
 */
export async function makeListing(userId: string, title: string, { photo = false } = {}): Promise<string> {
  const [row] = (await serviceRest('listings', {
    method: 'POST',
    body: { user_id: userId, title, slug: `e2e-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}`, category: 'donne', city: 'Roma', age: 30, description: 'Annuncio di prova creato dal test end-to-end.' },
  })) as { id: string }[];
  const id = row!.id;
  if (photo) {
    const store = await serviceStorage();
    // The owner's own photo: another account's would hold the listing for review (duplicate photos).
    const [seeded] = (await serviceRest(`listing_photos?select=url,listings!inner(user_id)&listings.user_id=eq.${userId}&limit=1`)) as { url: string }[];
    const bytes = Buffer.from(await (await fetch(seeded!.url)).arrayBuffer());
    const [crop, original] = [`${userId}/${id}/${randomUUID()}.jpg`, `${userId}/${id}/${randomUUID()}.jpg`];
    for (const [bucket, path] of [['listing_photos', crop], ['listing_originals', original]] as const) {
      const { error } = await store.from(bucket).upload(path, bytes, { contentType: 'image/jpeg' });
      if (error) throw error;
    }
    await rpc('add_listing_photo', { p_user_id: userId, p_listing_id: id, p_storage_path: crop, p_original_path: original }, (await keys()).serviceRole);
  }
  return id;
}

/** Deletes listings a spec made (their photos, verifications and reports go with them). */
export async function deleteListings(ids: string[]): Promise<void> {
  if (ids.length) await serviceRest(`listings?id=in.(${ids.join(',')})`, { method: 'DELETE' });
}

/** Runs `fn` while a listing is paused, then resumes it whatever happened. */
export async function whilePaused(listingId: string, fn: () => Promise<void>): Promise<void> {
  await serviceRest(`listings?id=eq.${listingId}`, { method: 'PATCH', body: { is_paused: true, paused_at: new Date().toISOString() } });
  try {
    await fn();
  } finally {
    await serviceRest(`listings?id=eq.${listingId}`, { method: 'PATCH', body: { is_paused: false, paused_at: null } });
  }
}

/** The first link of the newest mail of a type to an address in the local outbox, waiting for it to arrive. */
export async function mailLink(email: string, type = 'signup'): Promise<string> {
  let link = '';
  await expect(async () => {
    const mails = (await (await fetch(`${API}/_dev/mail.json?to=${encodeURIComponent(email)}`)).json()) as Mail[];
    link = mails.find((m) => m.type === type)?.links[0] ?? '';
    expect(link).toContain('/auth/v1/verify');
  }).toPass({ timeout: 10_000 });
  return link;
}

/** Every public listing matching search_listings' `args`, as anon (the seed has a few hundred at most). */
export async function searchAll(args: Record<string, unknown> = {}): Promise<Row[]> {
  return rpc<Row[]>('search_listings', { ...args, p_limit: 1000 });
}
