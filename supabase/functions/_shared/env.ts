/** Why: functions read secrets the same way on Deno (Deno.env) and on the local Node platform. */
export function env(name: string): string | undefined {
  const g = globalThis as {
    Deno?: { env: { get(key: string): string | undefined } };
    process?: { env: Record<string, string | undefined> };
  };
  if (g.Deno?.env) return g.Deno.env.get(name);
  return g.process?.env[name];
}

/** Like env(), but a missing variable is a clear error instead of a later undefined. */
export function requireEnv(name: string): string {
  const value = env(name);
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}
