import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { ApiModule, Platform } from '../core/types.ts';
import type { ChannelAuth } from './channel.ts';
import { ChangeHub } from './changes.ts';
import { Connection } from './socket.ts';

const bootstrapSql = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

/** Phoenix closes sockets that sent nothing (not even a heartbeat) for this long. */
const IDLE_TIMEOUT_MS = 60_000;

function refuse(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Forbidden'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * Supabase Realtime at /realtime/v1/websocket: Phoenix channels carrying postgres_changes
 * from the tables in the supabase_realtime publication, filtered by row-level security.
 */
export async function createRealtimeApi(p: Platform): Promise<ApiModule> {
  const log = (message: string) => p.log('realtime', message);
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const hub = new ChangeHub(p.db, log);
  const connections = new Set<Connection>();
  let sweeper: NodeJS.Timeout | undefined;

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!/^\/realtime\/v1\/websocket\/?$/.test(url.pathname)) return refuse(socket, 404, 'Not found');
    const apikey = url.searchParams.get('apikey') ?? (req.headers.apikey as string | undefined) ?? '';
    const vsn = url.searchParams.get('vsn') === '1.0.0' ? '1.0.0' : '2.0.0';
    let identity: ChannelAuth;
    try {
      if (!apikey) throw new Error('missing apikey');
      const auth = await p.jwt.authFromToken(apikey);
      identity = { claims: auth.claims, token: apikey };
    } catch {
      return refuse(socket, 403, 'Invalid apikey');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = new Connection({ ws, vsn, hub, jwt: p.jwt, apikey: identity, log });
      connections.add(conn);
      ws.on('close', () => connections.delete(conn));
    });
  }

  return {
    prefix: '/realtime/v1',
    bootstrapSql,
    upgrade(req, socket, head) {
      upgrade(req, socket, head).catch((err: Error) => {
        log(`upgrade failed: ${err.message}`);
        socket.destroy();
      });
    },
    async start() {
      await hub.start();
      sweeper = setInterval(() => {
        const cutoff = Date.now() - IDLE_TIMEOUT_MS;
        for (const c of connections) if (c.lastSeen < cutoff) c.close(1000, 'heartbeat timeout');
      }, 10_000);
      sweeper.unref();
    },
    async stop() {
      if (sweeper) clearInterval(sweeper);
      for (const c of connections) c.close(1001, 'server shutting down');
      connections.clear();
      wss.close();
      await hub.stop();
    },
  };
}
