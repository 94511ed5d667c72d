import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

type Handler = (req: Request) => Promise<Response>;

/** Local only: runs this request's function on 'node' or 'deno' whatever the platform's default (tests run each on both). */
export const RUNTIME_HEADER = 'x-local-functions-runtime';

/**
 * The Deno executable of the pinned `deno` devDependency: its npm package @deno/<platform>
 * ships the binary, found without the package's postinstall (npm may skip install scripts).
 */
export function denoBinary(): string {
  const require = createRequire(import.meta.url);
  return (require('deno/install_api.cjs') as { runInstall(): string }).runInstall();
}

/** Headers that belong to one hop, not to the request or response they travel with. */
const HOP = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade'];

interface Worker {
  mtimeMs: number;
  child: ChildProcess;
  /** http://127.0.0.1:<port> once Deno.serve listens; rejects when the process ends first. */
  origin: Promise<string>;
}

export interface DenoRunner {
  /** The handler that forwards to the function's Deno process (started, or restarted after its index.ts changed). */
  load(name: string, file: string, mtimeMs: number): Promise<Handler>;
  stop(): Promise<void>;
}

/**
 * Why: Supabase runs Edge Functions on Deno, the local platform in its own Node process; this
 * runs a function as Deno runs it, so the same tests prove both. One `deno run` per function
 * (its folder's deno.json as import map; net, env and read permissions, as the edge runtime
 * grants), listening where DENO_SERVE_ADDRESS says (the function's own Deno.serve, through
 * _shared/serve.ts), with the environment the Node functions see. The platform stays the
 * gateway: it checks the JWT, rewrites the path and headers, limits the body, then forwards.
 */
export function createDenoRunner(opts: { root: string; env: () => NodeJS.ProcessEnv; log: (line: string) => void }): DenoRunner {
  const workers = new Map<string, Worker>();

  function start(name: string, file: string, mtimeMs: number): Worker {
    const map = join(opts.root, name, 'deno.json');
    const child = spawn(
      denoBinary(),
      ['run', '--no-lock', '--allow-net', '--allow-env', '--allow-read', ...(existsSync(map) ? ['--config', map] : []), file],
      { env: { ...opts.env(), DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0', NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const worker: Worker = {
      mtimeMs,
      child,
      origin: new Promise<string>((resolve, reject) => {
        let output = '';
        const onData = (chunk: Buffer) => {
          const text = chunk.toString();
          output = (output + text).slice(-4000);
          const listening = /Listening on (http:\/\/[^\s/]+)/.exec(output);
          if (listening) resolve(listening[1]!);
          for (const line of text.split('\n')) if (line.trim()) opts.log(`${name} (deno): ${line}`);
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.once('error', reject);
        child.once('exit', (code, signal) => {
          if (workers.get(name) === worker) workers.delete(name);
          reject(new Error(`deno exited (${signal ?? code}) before serving:\n${output}`));
        });
      }),
    };
    worker.origin.catch(() => undefined);
    return worker;
  }

  return {
    async load(name, file, mtimeMs) {
      let worker = workers.get(name);
      if (worker && worker.mtimeMs !== mtimeMs) {
        worker.child.kill();
        worker = undefined;
      }
      if (!worker) {
        worker = start(name, file, mtimeMs);
        workers.set(name, worker);
      }
      const origin = await worker.origin;
      return async (req) => {
        const url = new URL(req.url);
        const headers = new Headers(req.headers);
        for (const h of HOP) headers.delete(h);
        // The platform compresses what it sends; Deno.serve would compress for the hop too.
        headers.set('accept-encoding', 'identity');
        const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
        const res = await fetch(`${origin}${url.pathname}${url.search}`, {
          method: req.method,
          headers,
          body: hasBody ? await req.arrayBuffer() : undefined,
          redirect: 'manual',
          signal: req.signal,
        });
        const out = new Headers(res.headers);
        for (const h of [...HOP, 'date']) out.delete(h);
        return new Response(res.body, { status: res.status, statusText: res.statusText, headers: out });
      };
    },
    async stop() {
      const running = [...workers.values()];
      workers.clear();
      await Promise.all(
        running.map(
          (w) =>
            new Promise<void>((resolve) => {
              if (w.child.exitCode !== null || w.child.signalCode !== null) return resolve();
              w.child.once('exit', () => resolve());
              w.child.kill();
            }),
        ),
      );
    },
  };
}
