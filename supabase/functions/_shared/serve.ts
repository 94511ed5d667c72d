/**
 * The one entry point every Edge Function uses: `serve(handler)`.
 *
 * On Supabase (Deno edge runtime) it is `Deno.serve(handler)`. Under the local platform (Node)
 * there is no Deno: the handler goes to the loader slot the platform installs on globalThis
 * while it imports the function's index.ts, and the platform calls it for each request.
 */

export type Handler = (req: Request) => Response | Promise<Response>;

/** Name of the global slot the local platform sets while importing a function. */
export const LOADER_SLOT = '__supabaseLocalFunctionLoader';

interface DenoLike {
  serve(handler: Handler): unknown;
}

/** Why: one source runs unchanged on Supabase's Deno runtime and on the local Node platform. */
export function serve(handler: Handler): void {
  const g = globalThis as { Deno?: DenoLike } & Record<string, unknown>;
  if (g.Deno && typeof g.Deno.serve === 'function') {
    g.Deno.serve(handler);
    return;
  }
  const register = g[LOADER_SLOT];
  if (typeof register !== 'function') {
    throw new Error('serve(): no Deno runtime and no local function loader (import the function through the platform)');
  }
  (register as (h: Handler) => void)(handler);
}
