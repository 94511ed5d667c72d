/** Reading and moving rows as service_role, and asserting API answers, for the db suite. */
import { expect } from 'vitest';
import { platformInfo, serviceClient } from './clients.ts';

export const admin = () => serviceClient();

/** The public URL of a file in a listing's photo folder, as the app and the seed store it in listing_photos.url. */
export function photoUrl(ownerId: string, listingId: string, file = `${crypto.randomUUID()}.jpg`): string {
  return admin().storage.from('listing_photos').getPublicUrl(`${ownerId}/${listingId}/${file}`).data.publicUrl;
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
