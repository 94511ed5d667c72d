import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';

/**
 * supabase-js builds its realtime client eagerly and, on Node 20, throws without a WebSocket
 * implementation. Deno (and Node 22+) have globalThis.WebSocket; otherwise load `ws` lazily so
 * the Deno bundle never needs it.
 */
async function realtimeOptions(): Promise<{ transport?: never }> {
  const g = globalThis as { Deno?: unknown; WebSocket?: unknown };
  if (g.Deno || typeof g.WebSocket === 'function') return {};
  const ws = await import('ws');
  return { transport: ws.default as never };
}

const noSession = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** Why: a service-role client (bypasses RLS) for trusted server-side work in a function. */
export async function createAdminClient(): Promise<SupabaseClient> {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: noSession,
    realtime: await realtimeOptions(),
  });
}

/** Why: a client acting as the caller (their JWT is forwarded), so RLS applies to them. */
export async function createUserClient(req: Request): Promise<SupabaseClient> {
  const authorization = req.headers.get('Authorization');
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: noSession,
    global: { headers: authorization ? { Authorization: authorization } : {} },
    realtime: await realtimeOptions(),
  });
}
