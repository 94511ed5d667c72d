import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import ws from 'ws';
import type { PlatformInfo } from './platform.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    platform: PlatformInfo;
  }
}

export function platformInfo(): PlatformInfo {
  return inject('platform');
}

/** A real supabase-js client for Node 20 (ws transport), no persisted session; `headers` go on every request. */
export function client<DB = any>(key?: string, headers?: Record<string, string>): SupabaseClient<DB> {
  const info = platformInfo();
  return createClient<DB>(info.url, key ?? info.anonKey, {
    global: headers ? { headers } : undefined,
    realtime: { transport: ws as never },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

export function serviceClient<DB = any>(): SupabaseClient<DB> {
  return client<DB>(platformInfo().serviceRoleKey);
}

let counter = 0;
/** A unique e-mail per call, so tests sharing one platform never collide. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${process.pid}.${counter}@example.test`;
}

/**
 * A confirmed user created through the admin API, signed in on its own client.
 * Returns the client, the user's id and e-mail.
 */
export async function signedInUser<DB = any>(opts: { email?: string; password?: string; metadata?: Record<string, unknown> } = {}) {
  const email = opts.email ?? uniqueEmail();
  const password = opts.password ?? 'password-123';
  const admin = serviceClient();
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true, user_metadata: opts.metadata });
  if (created.error) throw created.error;
  const c = client<DB>();
  const signed = await c.auth.signInWithPassword({ email, password });
  if (signed.error) throw signed.error;
  return { client: c, id: created.data.user.id, email, password, session: signed.data.session };
}

/** A short random tag so rows from parallel test files never collide. */
export function tag(prefix = 't'): string {
  return `${prefix}-${Math.random().toString(36).slice(2, 10)}`;
}
