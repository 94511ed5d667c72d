import { expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { platformInfo, serviceClient, signedInUser, uniqueEmail } from '../support/clients.ts';

export type Role = 'user' | 'admin' | 'supporto' | 'banned';

export interface TestUser {
  client: SupabaseClient;
  id: string;
  email: string;
}

export const admin = () => serviceClient();

/** The public URL of a file in a listing's photo folder, as the app and the seed store it in listing_photos.url. */
export function photoUrl(ownerId: string, listingId: string, file = `${crypto.randomUUID()}.jpg`): string {
  return admin().storage.from('listing_photos').getPublicUrl(`${ownerId}/${listingId}/${file}`).data.publicUrl;
}

/** A signed-in user with the given role and credit balance (set as service_role). */
export async function makeUser(opts: { role?: Role; credits?: number; metadata?: Record<string, unknown>; prefix?: string } = {}): Promise<TestUser> {
  const u = await signedInUser({ email: uniqueEmail(opts.prefix ?? opts.role ?? 'user'), metadata: opts.metadata });
  const patch: Record<string, unknown> = {};
  if (opts.role && opts.role !== 'user') patch.role = opts.role;
  if (opts.credits !== undefined) patch.credits = opts.credits;
  if (Object.keys(patch).length) {
    const { error } = await admin().from('profiles').update(patch).eq('id', u.id);
    if (error) throw error;
  }
  return { client: u.client, id: u.id, email: u.email };
}

export async function credits(userId: string): Promise<number> {
  const { data, error } = await admin().from('profiles').select('credits').eq('id', userId).single();
  if (error) throw error;
  return data.credits as number;
}

export async function setCredits(userId: string, value: number): Promise<void> {
  const { error } = await admin().from('profiles').update({ credits: value }).eq('id', userId);
  if (error) throw error;
}

export const validListing = {
  p_title: 'Giulia, dolce e raffinata',
  p_category: 'donne',
  p_city: 'Milano',
  p_age: 27,
  p_description: 'Ragazza solare e simpatica, disponibile per cene e aperitivi in centro.',
  p_zone: 'Brera',
  p_hourly_rate: 150,
  p_ethnicity: ['europea'],
  p_nationality: ['italiana'],
  p_meeting_type: ['cena', 'aperitivo'],
  p_availability_for: ['sera'],
  p_meeting_location: ['hotel'],
  p_offered_services: ['girlfriend-experience'],
};

/** Creates a listing through create_listing as the user (tops up credits first when asked). */
export async function createListing(u: TestUser, overrides: Record<string, unknown> = {}, topUp = true) {
  if (topUp) await setCredits(u.id, (await credits(u.id)) + 10);
  const { data, error } = await u.client.rpc('create_listing', { ...validListing, ...overrides });
  if (error) throw new Error(`create_listing: ${error.message}`);
  return data as Record<string, any>;
}

export async function listingRow(id: string): Promise<Record<string, any> | null> {
  const { data, error } = await admin().from('listings').select('*').eq('id', id).maybeSingle();
  if (error) throw error;
  return data;
}

/** Asserts an rpc answer is an error with this Italian message (and optional SQLSTATE/detail). */
export function expectError(
  res: { error: { message: string; code?: string; details?: string | null } | null; data?: unknown },
  message: string | RegExp,
  code?: string,
) {
  expect(res.error, `expected error ${String(message)}, got data ${JSON.stringify(res.data)}`).not.toBeNull();
  if (typeof message === 'string') expect(res.error!.message).toBe(message);
  else expect(res.error!.message).toMatch(message);
  if (code) expect(res.error!.code).toBe(code);
}

export function expectOk<T>(res: { error: { message: string } | null; data: T }): T {
  expect(res.error?.message ?? null).toBeNull();
  return res.data;
}

export const isPostgres = () => platformInfo().dbKind === 'postgres';

/** Milliseconds between two ISO timestamps. */
export const ms = (a: string, b: string) => new Date(a).getTime() - new Date(b).getTime();
export const DAY = 86_400_000;

/** Simulates `msAgo` passing: moves every timestamp of a listing that much into the past. */
export async function travel(listingId: string, msAgo: number): Promise<void> {
  const row = await listingRow(listingId);
  const patch: Record<string, string> = {};
  for (const k of ['created_at', 'expires_at', 'promotion_start_at', 'promotion_end_at', 'last_bumped_at', 'paused_at']) {
    if (row?.[k]) patch[k] = new Date(new Date(row[k]).getTime() - msAgo).toISOString();
  }
  const { error } = await admin().from('listings').update(patch).eq('id', listingId);
  if (error) throw error;
}
