import type { WebSocket, RawData } from 'ws';
import { decodeJwt } from 'jose';
import { TokenError, type Jwt } from '../jwt.ts';
import { Channel, bindingId, type ChannelAuth, type ChannelTransport } from './channel.ts';
import type { Binding, ChangeHub } from './changes.ts';
import { FilterError, parseFilter } from './filters.ts';

type Vsn = '1.0.0' | '2.0.0';

interface Frame {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: Record<string, unknown>;
}

export interface ConnectionOptions {
  ws: WebSocket;
  vsn: Vsn;
  hub: ChangeHub;
  jwt: Jwt;
  /** The apikey the socket connected with and its claims: the fallback identity. */
  apikey: ChannelAuth;
  log(message: string): void;
}

const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;
/** Slow consumers beyond this are disconnected rather than buffered without bound. */
const MAX_BUFFERED = 16 * 1024 * 1024;
/**
 * Supabase Realtime's defaults (max_channels_per_client, max_joins_per_second): a socket holds
 * at most this many channels and joins at most this many a second. Realtime counts joins per
 * project; here per socket, so one client's flood never refuses another's joins.
 */
export const MAX_CHANNELS_PER_CLIENT = 100;
export const MAX_JOINS_PER_SECOND = 100;

/**
 * One Phoenix socket as realtime-js speaks it: decodes frames (vsn 2.0.0 arrays or 1.0.0
 * objects), answers heartbeats, and runs join / access_token / leave for its channels.
 * Frames are handled one at a time, so a join's reply precedes anything sent after it.
 */
export class Connection implements ChannelTransport {
  readonly channels = new Map<string, Channel>();
  lastSeen = Date.now();
  private chain: Promise<void> = Promise.resolve();
  private closed = false;
  private joinWindow = { start: 0, count: 0 };

  constructor(private readonly o: ConnectionOptions) {
    o.ws.on('message', (data, isBinary) => {
      this.lastSeen = Date.now();
      if (isBinary) return; // Only user broadcasts travel as binary; not supported.
      const frame = this.decode(data);
      if (!frame) return;
      this.chain = this.chain.then(() => this.handle(frame)).catch((err: Error) => o.log(`frame failed: ${err.message}`));
    });
    o.ws.on('close', () => this.dispose());
    o.ws.on('error', () => this.dispose());
  }

  /** Closes the socket (idle timeout, shutdown). */
  close(code = 1000, reason = ''): void {
    try {
      this.o.ws.close(code, reason);
    } catch {
      this.o.ws.terminate();
    }
    this.dispose();
  }

  private dispose(): void {
    if (this.closed) return;
    this.closed = true;
    for (const ch of this.channels.values()) this.drop(ch);
    this.channels.clear();
  }

  private decode(data: RawData): Frame | undefined {
    let msg: unknown;
    try {
      msg = JSON.parse(Array.isArray(data) ? Buffer.concat(data).toString('utf8') : data.toString());
    } catch {
      return undefined;
    }
    let f: Frame;
    if (Array.isArray(msg) && msg.length === 5) {
      const [joinRef, ref, topic, event, payload] = msg as unknown[];
      f = { joinRef: asRef(joinRef), ref: asRef(ref), topic: topic as string, event: event as string, payload: payload as Frame['payload'] };
    } else if (msg && typeof msg === 'object' && !Array.isArray(msg)) {
      const m = msg as Record<string, unknown>;
      f = { joinRef: asRef(m.join_ref), ref: asRef(m.ref), topic: m.topic as string, event: m.event as string, payload: m.payload as Frame['payload'] };
    } else return undefined;
    if (typeof f.topic !== 'string' || typeof f.event !== 'string') return undefined;
    if (!f.payload || typeof f.payload !== 'object' || Array.isArray(f.payload)) f.payload = {};
    return f;
  }

  push(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void {
    const text =
      this.o.vsn === '2.0.0'
        ? JSON.stringify([joinRef, ref, topic, event, payload])
        : JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
    this.send(text);
  }

  pushChange(topic: string, idsJson: string, dataJson: string): void {
    const payload = `{"ids":${idsJson},"data":${dataJson}}`;
    const t = JSON.stringify(topic);
    this.send(
      this.o.vsn === '2.0.0'
        ? `[null,null,${t},"postgres_changes",${payload}]`
        : `{"join_ref":null,"ref":null,"topic":${t},"event":"postgres_changes","payload":${payload}}`,
    );
  }

  private send(text: string): void {
    const ws = this.o.ws;
    if (this.closed || ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED) {
      this.o.log('closing a socket that does not read its messages');
      ws.terminate();
      this.dispose();
      return;
    }
    ws.send(text);
  }

  private reply(f: Frame, status: 'ok' | 'error', response: Record<string, unknown>): void {
    if (f.ref === null) return;
    this.push(f.joinRef, f.ref, f.topic, 'phx_reply', { status, response });
  }

  private async handle(f: Frame): Promise<void> {
    if (this.closed) return;
    if (f.topic === 'phoenix') {
      if (f.event === 'heartbeat') this.reply(f, 'ok', {});
      return;
    }
    if (f.event === 'phx_join') {
      const refusal = this.overLimit(f.topic);
      if (refusal) return this.reply(f, 'error', { reason: refusal });
      return this.join(f);
    }
    const ch = this.channels.get(f.topic);
    if (!ch || (f.joinRef !== null && ch.joinRef !== null && f.joinRef !== ch.joinRef)) {
      this.reply(f, 'error', { reason: 'unmatched topic' });
      return;
    }
    switch (f.event) {
      case 'phx_leave':
        this.drop(ch);
        this.channels.delete(f.topic);
        this.reply(f, 'ok', {});
        return;
      case 'access_token':
        return this.refreshToken(ch, f.payload.access_token);
      case 'broadcast':
      case 'presence':
        // Accepted but not relayed (this platform implements postgres_changes only).
        this.reply(f, 'ok', {});
        return;
      default:
        this.reply(f, 'error', { reason: `unknown event: ${f.event}` });
    }
  }

  /**
   * Realtime's refusal of a join, checked before the join costs anything (its reasons, in its
   * order: joins per second, then channels); the socket stays open, as Realtime's does.
   */
  private overLimit(topic: string): string | undefined {
    const now = Date.now();
    if (now - this.joinWindow.start >= 1000) this.joinWindow = { start: now, count: 0 };
    if (++this.joinWindow.count > MAX_JOINS_PER_SECOND) return 'Too many joins per second';
    // Joining a topic again replaces its channel: not one more.
    if (!this.channels.has(topic) && this.channels.size >= MAX_CHANNELS_PER_CLIENT) return 'Too many channels';
    return undefined;
  }

  /** access_token absent, equal to the apikey or not a JWT → the apikey's identity (anon). */
  private async resolveAuth(token: unknown): Promise<ChannelAuth> {
    if (typeof token !== 'string' || token === '' || token === this.o.apikey.token || !JWT_SHAPE.test(token)) return this.o.apikey;
    try {
      const claims = await this.o.jwt.verify(token);
      if (typeof claims.role !== 'string' || !claims.role) throw new TokenError('invalid', 'Fields `role` and `exp` are required in JWT');
      return { claims, token };
    } catch (err) {
      if (err instanceof TokenError && err.reason === 'expired') {
        let ago = 0;
        try {
          const exp = decodeJwt(token).exp;
          if (typeof exp === 'number') ago = Math.max(0, Math.floor(Date.now() / 1000) - exp);
        } catch {
          // keep 0
        }
        throw new TokenError('expired', `Token has expired ${ago} seconds ago`);
      }
      throw new TokenError('invalid', err instanceof TokenError && err.message !== 'invalid JWT' ? err.message : 'Invalid token');
    }
  }

  private async join(f: Frame): Promise<void> {
    const config = (f.payload.config ?? {}) as Record<string, unknown>;
    const name = f.topic.startsWith('realtime:') ? f.topic.slice('realtime:'.length) : f.topic;
    let auth: ChannelAuth;
    try {
      auth = await this.resolveAuth(f.payload.access_token);
    } catch (err) {
      this.reply(f, 'error', { reason: `InvalidJWTToken: ${(err as Error).message}` });
      return;
    }
    if (config.private === true && auth.claims.role !== 'service_role') {
      // Private channels need realtime.messages policies, which this platform does not implement.
      this.reply(f, 'error', { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${name}` });
      return;
    }

    const params = Array.isArray(config.postgres_changes) ? (config.postgres_changes as unknown[]) : [];
    const bindings: Binding[] = [];
    const echo: Record<string, unknown>[] = [];
    for (const raw of params) {
      const p = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
      const event = typeof p.event === 'string' ? p.event : '*';
      const schema = typeof p.schema === 'string' && p.schema ? p.schema : 'public';
      const table = typeof p.table === 'string' && p.table ? p.table : '*';
      const filterText = typeof p.filter === 'string' && p.filter ? p.filter : null;
      let filter = null;
      if (filterText) {
        try {
          filter = parseFilter(filterText);
        } catch (err) {
          if (!(err instanceof FilterError)) throw err;
          this.reply(f, 'error', { reason: `Error parsing \`filter\` params: ${err.message}` });
          return;
        }
      }
      const id = bindingId({ event, schema, table, filter: filterText });
      bindings.push({ id, event, schema, table, filter });
      echo.push({ ...p, id });
    }

    const unpublished: Binding[] = [];
    for (const b of bindings) if (!(await this.o.hub.isPublished(b.schema, b.table))) unpublished.push(b);

    // A second join on the same topic replaces the first (Phoenix does the same).
    const previous = this.channels.get(f.topic);
    if (previous) this.drop(previous);
    const ch = new Channel(this, f.topic, f.joinRef, bindings, auth, (c) => this.expire(c));
    this.channels.set(f.topic, ch);
    if (bindings.length) this.o.hub.add(ch); // live before the reply: SUBSCRIBED means ready

    this.reply(f, 'ok', { postgres_changes: echo });
    if (bindings.length) {
      if (unpublished.length === 0) ch.system('postgres_changes', 'ok', 'Subscribed to PostgreSQL');
      else {
        const list = unpublished.map((b) => `[event: ${b.event}, schema: ${b.schema}, table: ${b.table}, filters: []]`).join(', ');
        ch.system(
          'postgres_changes',
          'error',
          `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: ${list}`,
        );
      }
    }
    const presence = config.presence as { enabled?: unknown } | undefined;
    if (presence?.enabled === true) this.push(f.joinRef, null, f.topic, 'presence_state', {});
  }

  private async refreshToken(ch: Channel, token: unknown): Promise<void> {
    if (typeof token === 'string' && token === ch.token) return;
    try {
      ch.setAuth(await this.resolveAuth(token));
    } catch (err) {
      ch.system('system', 'error', (err as Error).message);
      ch.sendClose();
      this.drop(ch);
      this.channels.delete(ch.topic);
    }
  }

  private expire(ch: Channel): void {
    if (ch.closed) return;
    ch.system('system', 'error', 'Token has expired 0 seconds ago');
    ch.sendClose();
    this.drop(ch);
    if (this.channels.get(ch.topic) === ch) this.channels.delete(ch.topic);
  }

  private drop(ch: Channel): void {
    ch.dispose();
    this.o.hub.remove(ch);
  }
}

function asRef(v: unknown): string | null {
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return String(v);
  return null;
}
