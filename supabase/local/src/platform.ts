/**
 * startPlatform: opens the database and composes the API modules behind one HTTP server. Nothing
 * below imports this file: the modules' shared types live in core/types.ts.
 */
import { createServer, type Server } from 'node:http';
import { loadConfig, type ConfigInput } from './config.ts';
import type { ApiModule, Platform } from './core/types.ts';
import { openDatabase } from './db/index.ts';
import { prepareDatabase } from './db/migrate.ts';
import { analyzeAll, scheduleAutoAnalyze } from './db/analyze.ts';
import { answered, corsHeaders, discardRest, json, sendWebResponse, toWebRequest } from './http.ts';
import { Jwt, apiKeys } from './jwt.ts';
import { apiKeyRefusal } from './gateway.ts';
import { createAuthApi, createDevMailApi } from './auth/index.ts';
import { createRestApi } from './rest/index.ts';
import { createStorageApi } from './storage/index.ts';
import { createRealtimeApi } from './realtime/index.ts';
import { createFunctionsApi } from './functions/index.ts';
import { createLocalWebhooks } from './functions/webhooks.ts';
import { createCron } from './cron/index.ts';
import { createFlexPaySandbox } from './payments/index.ts';

export interface RunningPlatform extends Platform {
  url: string;
  close(): Promise<void>;
}

export interface StartOptions extends ConfigInput {
  quiet?: boolean;
  /**
   * Skip the cron scheduler (tests drive jobs themselves); without the option,
   * SUPABASE_LOCAL_CRON=off skips it too (the browser suite, whose expectations come from the seed).
   */
  cron?: boolean;
  /**
   * Serve the local mail outbox (live sign-in links) at /_dev: only for development
   * (`npm start`, `npm run backend`, the test suites); off unless asked for.
   */
  devMailOutbox?: boolean;
  /** On PGlite, how often tables changed past autovacuum's threshold are analyzed (default 10 s). */
  autoAnalyzeMs?: number;
}

export async function startPlatform(opts: StartOptions = {}): Promise<RunningPlatform> {
  const started = performance.now();
  const config = loadConfig(opts);
  const log = (scope: string, message: string) => {
    if (!opts.quiet) console.log(`[${scope}] ${message}`);
  };
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const jwt = new Jwt(config.jwtSecret);
  const platform: Platform = { config, db, jwt, keys: await apiKeys(jwt), log };

  const modules: ApiModule[] = await Promise.all([
    createAuthApi(platform),
    ...(opts.devMailOutbox ? [createDevMailApi(platform)] : []),
    createRestApi(platform),
    createStorageApi(platform),
    createRealtimeApi(platform),
    createFunctionsApi(platform),
    Promise.resolve(createLocalWebhooks(platform)),
    Promise.resolve(createFlexPaySandbox(platform)),
    ...((opts.cron ?? process.env.SUPABASE_LOCAL_CRON !== 'off') ? [createCron(platform)] : []),
  ]);

  const { applied, seeded } = await prepareDatabase(db, {
    supabaseDir: config.supabaseDir,
    moduleSql: modules.flatMap((m) => (m.bootstrapSql ? [m.bootstrapSql] : [])),
    log: (line) => log('db', line),
  });
  if (applied.length || seeded) await analyzeAll(db);
  const stopAutoAnalyze = db.kind === 'pglite' ? scheduleAutoAnalyze(db, opts.autoAnalyzeMs ?? 10_000, (m) => log('db', m)) : undefined;
  for (const m of modules) await m.start?.();

  const routed = modules.filter((m) => m.prefix).sort((a, b) => b.prefix!.length - a.prefix!.length);
  const server: Server = createServer((req, res) => {
    const origin = req.headers.origin ?? null;
    const path = (req.url ?? '/').split('?')[0]!;
    const mod = routed.find((m) => m.handle && (path === m.prefix || path.startsWith(`${m.prefix}/`)));
    const cors = mod?.cors !== false;
    // Preflight: answered here except for functions, which answer their own (as on Supabase).
    if (req.method === 'OPTIONS' && cors && !(mod?.prefix === '/functions/v1')) {
      res.writeHead(200, corsHeaders(origin)).end('ok');
      return;
    }
    let webReq: Request | null = null;
    const respond = async (): Promise<Response> => {
      if (!mod?.handle) return json({ message: 'no Route matched with those values' }, 404);
      const below = path.slice(mod.prefix!.length) || '/';
      const refused = mod.needsApiKey?.(below) ? apiKeyRefusal(req, platform.keys) : null;
      if (refused) return refused;
      webReq = toWebRequest(req, config.url);
      return mod.handle(webReq, below);
    };
    respond()
      .catch((err: Error) => {
        console.error(`[http] ${req.method} ${path}:`, err);
        return json({ message: 'Internal server error' }, 500);
      })
      .then((response) => {
        discardRest(req);
        return sendWebResponse(res, response, cors ? origin : false, req.method === 'HEAD', req.headers['accept-encoding']);
      })
      .catch((err: Error) => {
        console.error('[http] response failed:', err.message);
        res.destroy();
      })
      .finally(() => {
        if (webReq) answered(webReq);
      });
  });
  server.on('upgrade', (req, socket, head) => {
    const path = (req.url ?? '/').split('?')[0]!;
    const mod = routed.find((m) => m.upgrade && path.startsWith(`${m.prefix}/`));
    if (mod?.upgrade) mod.upgrade(req, socket, head);
    else socket.destroy();
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host}:${port}`;
  config.url = url;
  // What a deployment keeps in Vault by hand: SQL that must know the project's address reads it there.
  await db.query(
    `insert into vault.secrets (name, secret) values ('project_url', $1)
     on conflict (name) do update set secret = excluded.secret, updated_at = now()`,
    [url],
  );
  log(
    'platform',
    `ready in ${Math.round(performance.now() - started)} ms on ${db.kind}` +
      (applied.length ? `, ${applied.length} migration(s) applied` : '') +
      (seeded ? ', seeded' : ''),
  );

  return {
    ...platform,
    url,
    async close() {
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      for (const m of modules) await m.stop?.();
      await stopAutoAnalyze?.();
      await db.close();
    },
  };
}
