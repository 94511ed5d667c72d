/**
 * The least any Node server in front of PostgreSQL can add to a search: a bare node:http
 * server that takes the RPC's JSON body, runs the same function as anon through a pooled,
 * pipelined connection (begin, role, statement and commit in one round trip, the statement
 * kept prepared), and answers its JSON gzipped as Supabase's gateway does. No routing, no
 * parsing, no limits, no schema cache: what is left is PostgreSQL, the loopback and the
 * client. Measured beside the platform, it says how much of a search's time the platform's
 * own work is (tests/bench/search.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import pg from 'pg';

const FUNCTIONS = new Set(['search_listings', 'search_listings_count']);
const ARGUMENT = /^p_[a-z_]+$/;

export async function startSearchFloor(databaseUrl: string) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, pipeline: true });
  const statements = new Map<string, string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const fn = (req.url ?? '').split('/').pop() ?? '';
        const args = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
        const keys = Object.keys(args);
        if (!FUNCTIONS.has(fn) || !keys.every((k) => ARGUMENT.test(k))) throw new Error(`floor: bad call ${req.url}`);
        const call = `public.${fn}(${keys.map((k, i) => `${k} => $${i + 1}`).join(', ')})`;
        const text =
          fn === 'search_listings' ? `select coalesce(json_agg(t)::text, '[]') as body from ${call} t` : `select to_json(${call})::text as body`;
        let name = statements.get(text);
        if (!name) statements.set(text, (name = `floor${statements.size}`));
        const client = await pool.connect();
        try {
          const sent = [
            client.query('begin read only'),
            client.query(`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`),
            client.query<{ body: string }>({ name, text, values: keys.map((k) => args[k]) }),
            client.query('commit'),
          ];
          const result = (await Promise.all(sent))[2] as pg.QueryResult<{ body: string }>;
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-encoding': 'gzip' });
          res.end(gzipSync(Buffer.from(result.rows[0]!.body, 'utf8'), { level: 1 }));
        } finally {
          client.release();
        }
      })().catch((err: Error) => res.writeHead(500).end(err.message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
