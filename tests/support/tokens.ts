import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type { SupabaseClient } from '@supabase/supabase-js';
import { client, platformInfo } from './clients.ts';

/**
 * An HS256 token; the platform's secret unless another is given (to forge one). A number
 * is seconds from now (negative: already expired), a string a jose duration like '1h'.
 */
export async function signJwt(claims: Record<string, unknown>, expiresIn: number | string = '1h', secret?: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(typeof expiresIn === 'number' ? now + expiresIn : expiresIn)
    .sign(new TextEncoder().encode(secret ?? platformInfo().jwtSecret));
}

/** A real supabase-js client sending `token` as its bearer (no auth API needed). */
export function tokenClient(token: string): SupabaseClient {
  return client(undefined, { Authorization: `Bearer ${token}` });
}

/** A signed-in-looking user: random id, role authenticated, and a client acting as them. */
export async function tokenUser(): Promise<{ id: string; token: string; client: SupabaseClient }> {
  const id = randomUUID();
  const token = await signJwt({ sub: id, role: 'authenticated', aud: 'authenticated' });
  return { id, token, client: tokenClient(token) };
}
