import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { json, PayloadTooLargeError, readBody } from '../http.ts';
import type { ApiModule, Platform } from '../core/types.ts';
import { sqlHeaders } from '../rest/headers.ts';
import { createDenoRunner, RUNTIME_HEADER } from './deno.ts';
import { useOffThreadPool } from './off-thread.ts';
import { LOCAL_FLEXPAY_PATH, LOCAL_FLEXPAY_SHOP_ID, LOCAL_FLEXPAY_SIGNATURE_KEY } from '../../../functions/_shared/payments/config.ts';

type Handler = (req: Request) => Response | Promise<Response>;

/** Must match LOADER_SLOT in supabase/functions/_shared/serve.ts. */
const LOADER_SLOT = '__supabaseLocalFunctionLoader';
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * Why: on Supabase the function sees its URL without the /functions/v1 prefix (a Hono app
 * routes `/<name>/…`) and the headers behind Supabase's gateway, as SQL does (sqlHeaders:
 * x-forwarded-for names the client as auth's rate limits do, whatever the caller claimed under
 * the gateway's headers). Method and body are passed as is. The body is read first, at most
 * `limit` bytes (PayloadTooLargeError beyond, before reading the rest).
 */
async function asFunctionRequest(req: Request, limit: number, proxyHeader: string | undefined): Promise<Request> {
  const url = new URL(req.url);
  url.pathname = url.pathname.replace(/^\/functions\/v1(?=\/)/, '');
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(url, {
    method: req.method,
    headers: sqlHeaders(req, proxyHeader),
    body: hasBody ? await readBody(req, limit) : undefined,
    signal: req.signal,
    duplex: 'half',
  } as RequestInit);
}

interface Loaded {
  mtimeMs: number;
  handler: Handler;
}

/** KEY=value lines of supabase/functions/.env (what `supabase functions serve` loads). */
function loadDotEnv(file: string): void {
  if (!existsSync(file)) return;
  for (const line of readFileSync(file, 'utf8').split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (!m || line.trimStart().startsWith('#')) continue;
    const value = m[2]!.replace(/^(['"])(.*)\1$/, '$2');
    if (process.env[m[1]!] === undefined) process.env[m[1]!] = value;
  }
}

/**
 * Edge Functions under /functions/v1/<name>: imports `<supabaseDir>/functions/<name>/index.ts`
 * (the source `supabase functions deploy` ships), which calls serve(handler) from
 * _shared/serve.ts; requests and responses pass through untouched. Re-imported when the file
 * changes. JWT verified unless config.toml sets verify_jwt = false for the function.
 * With functionsRuntime 'deno' (or a request's x-local-functions-runtime: deno) the function
 * runs in its own Deno process instead (./deno.ts), behind the same gateway steps.
 */
export async function createFunctionsApi(p: Platform): Promise<ApiModule> {
  const root = join(p.config.supabaseDir, 'functions');
  const cache = new Map<string, Loaded>();
  let importing: Promise<unknown> = Promise.resolve();

  const setEnv = () => {
    process.env.SUPABASE_URL = p.config.url;
    process.env.SUPABASE_ANON_KEY = p.keys.anon;
    process.env.SUPABASE_SERVICE_ROLE_KEY = p.keys.serviceRole;
  };
  setEnv();
  loadDotEnv(join(root, '.env'));
  // On Deno the payment functions require their secrets (`supabase secrets set` on a project):
  // locally they are the FlexPay sandbox's, unless the environment sets them.
  const secrets = () => ({
    FLEXPAY_SHOP_ID: LOCAL_FLEXPAY_SHOP_ID,
    FLEXPAY_SIGNATURE_KEY: LOCAL_FLEXPAY_SIGNATURE_KEY,
    FLEXPAY_URL: `${p.config.url}${LOCAL_FLEXPAY_PATH}`,
    SITE_URL: p.config.auth.siteUrl,
  });
  const deno = createDenoRunner({ root, env: () => ({ ...secrets(), ...process.env }), log: (line) => p.log('functions', line) });
  // CPU-bound steps of the Node functions (an upload's decode) run on worker threads, off the event loop.
  const releaseOffThread = useOffThreadPool();

  /** Imports one at a time: serve() hands its handler to whichever import is in progress. */
  async function load(name: string, file: string, mtimeMs: number): Promise<Handler> {
    const cached = cache.get(name);
    if (cached && cached.mtimeMs === mtimeMs) return cached.handler;
    const task = importing.then(async () => {
      const again = cache.get(name);
      if (again && again.mtimeMs === mtimeMs) return again.handler;
      let handler: Handler | undefined;
      const g = globalThis as Record<string, unknown>;
      g[LOADER_SLOT] = (h: Handler) => {
        handler ??= h;
      };
      try {
        await import(`${pathToFileURL(file).href}?v=${Math.round(mtimeMs)}`);
        // tsx caches modules by path, ignoring the query: re-import a changed file, or one a
        // platform started earlier in this process imported, in a fresh tsx namespace instead
        // (vitest's module runner honours the query and never gets here).
        if (!handler) {
          const { tsImport } = await import('tsx/esm/api');
          await tsImport(pathToFileURL(file).href, import.meta.url);
        }
      } finally {
        delete g[LOADER_SLOT];
      }
      if (!handler) throw new Error(`functions/${name}/index.ts did not call serve(handler)`);
      cache.set(name, { mtimeMs, handler });
      return handler;
    });
    importing = task.catch(() => undefined);
    return task;
  }

  async function authorize(req: Request, name: string): Promise<Response | null> {
    if (req.method === 'OPTIONS' || p.config.functionsWithoutJwt.has(name)) return null;
    const header = req.headers.get('authorization');
    if (!header) return json({ code: 401, message: 'Missing authorization header' }, 401);
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    if (!token) return json({ msg: 'Invalid JWT' }, 401);
    try {
      await p.jwt.authFromToken(token);
      return null;
    } catch {
      return json({ msg: 'Invalid JWT' }, 401);
    }
  }

  return {
    prefix: '/functions/v1',
    async handle(req, path) {
      const name = path.split('/')[1] ?? '';
      const notFound = () =>
        json({ error: 'Function not found', code: 'NOT_FOUND', message: 'Requested function was not found' }, 404);
      if (!NAME.test(name)) return notFound();
      const runtime = req.headers.get(RUNTIME_HEADER) ?? p.config.functionsRuntime;
      if (runtime !== 'node' && runtime !== 'deno') return json({ code: 'BAD_RUNTIME', message: `${RUNTIME_HEADER}: node or deno` }, 400);
      const file = join(root, name, 'index.ts');
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return notFound();
      const denied = await authorize(req, name);
      if (denied) return denied;
      setEnv();
      let handler: Handler;
      try {
        handler = runtime === 'deno' ? await deno.load(name, file, info.mtimeMs) : await load(name, file, info.mtimeMs);
      } catch (err) {
        p.log('functions', `${name}: failed to boot: ${(err as Error)?.stack ?? String(err)}`);
        return json({ code: 'BOOT_ERROR', message: 'Worker failed to boot (please check logs)' }, 503);
      }
      let request: Request;
      try {
        request = await asFunctionRequest(req, p.config.functionBodyBytes.get(name) ?? p.config.maxBodyBytes, p.config.auth.rateLimitHeader);
      } catch (err) {
        if (!(err instanceof PayloadTooLargeError)) throw err;
        return json({ code: 'PAYLOAD_TOO_LARGE', message: err.message }, 413);
      }
      request.headers.delete(RUNTIME_HEADER);
      try {
        const res = await handler(request);
        if (!(res instanceof Response)) throw new TypeError('the handler did not return a Response');
        return res;
      } catch (err) {
        p.log('functions', `${name}: ${(err as Error)?.stack ?? String(err)}`);
        return json({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' }, 500);
      }
    },
    async stop() {
      await deno.stop();
      await releaseOffThread();
    },
  };
}
