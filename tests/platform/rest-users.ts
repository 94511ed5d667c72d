import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import ws from 'ws';
import { platformInfo } from '../support/clients.ts';

/** Signs an HS256 token with the platform's secret (a user without going through the auth API). */
export async function signToken(claims: Record<string, unknown>, expiresIn: number | string = '1h', secret = platformInfo().jwtSecret): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt();
  jwt.setExpirationTime(expiresIn);
  return jwt.sign(new TextEncoder().encode(secret));
}

/** A supabase-js client that sends `token` as its Authorization header. */
export function clientWithToken(token: string): SupabaseClient {
  const info = platformInfo();
  return createClient(info.url, info.anonKey, {
    realtime: { transport: ws as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

/** An 'authenticated' user with a random id and a client acting as them. */
export async function jwtUser(): Promise<{ id: string; token: string; client: SupabaseClient }> {
  const id = randomUUID();
  const token = await signToken({ sub: id, role: 'authenticated', aud: 'authenticated' });
  return { id, token, client: clientWithToken(token) };
}

/** A short random tag so rows from parallel test files never collide. */
export function tag(prefix = 't'): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}
