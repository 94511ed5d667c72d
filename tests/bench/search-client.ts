/**
 * The bench's HTTP client for the search figures: node:http over one kept-alive connection,
 * gzip accepted as a browser accepts it, the JSON parsed. Node's fetch (undici) costs this
 * machine more than the server it measures (clientCost below: about 1.5 ms a call at p50 and
 * 3 ms at p95 on a 40 KB page, on a 2-core CPU with benchmarkIndex 1,100-1,800), and it runs
 * in the bench's process beside the servers; a phone's browser pays none of it.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** POSTs `body` as JSON to `url` and answers the parsed JSON (an error for any other status than 200). */
export function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        agent,
        headers: { ...headers, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = (res.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
          if (res.statusCode !== 200) reject(new Error(`${target.pathname} answered ${res.statusCode}: ${text}`));
          else resolve(JSON.parse(text));
        });
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/**
 * Each client's own time per call, no server work: a bare node:http server answers `page`
 * (a search page's JSON, gzipped once), called `rounds` times through fetch and through
 * postJson, alternating. Sorted milliseconds.
 */
export async function clientCost(page: string, rounds = 300): Promise<{ fetch: number[]; http: number[] }> {
  const gz = gzipSync(Buffer.from(page, 'utf8'), { level: 1 });
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(gz));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc/search_listings`;
  const out = { fetch: [] as number[], http: [] as number[] };
  try {
    for (let i = 0; i < rounds; i++) {
      let start = performance.now();
      await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).json();
      out.fetch.push(performance.now() - start);
      start = performance.now();
      await postJson(url, {});
      out.http.push(performance.now() - start);
    }
  } finally {
    await new Promise((done) => server.close(done));
  }
  out.fetch.sort((a, b) => a - b);
  out.http.sort((a, b) => a - b);
  return out;
}
