import { createClient, REALTIME_SUBSCRIBE_STATES, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { platformInfo } from './clients.ts';
import { signJwt } from './tokens.ts';

/** How long a negative assertion waits for a frame that must not come. */
export const QUIET_MS = 600;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` returns a value (not undefined), or fails after `timeout` ms. */
export async function waitFor<T>(check: () => T | undefined, timeout = 5000, what = 'condition'): Promise<T> {
  const end = Date.now() + timeout;
  for (;;) {
    const v = check();
    if (v !== undefined && v !== false) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(10);
  }
}

/** Subscribes and resolves on SUBSCRIBED (rejects on CHANNEL_ERROR / TIMED_OUT). */
export function subscribed(ch: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    ch.subscribe((status, err) => {
      if (status === REALTIME_SUBSCRIBE_STATES.SUBSCRIBED) resolve(ch);
      else if (status === REALTIME_SUBSCRIBE_STATES.CHANNEL_ERROR || status === REALTIME_SUBSCRIBE_STATES.TIMED_OUT) reject(err ?? new Error(status));
    });
  });
}

/** A uniquely named channel (tests share one platform). */
export function uniqueChannel(c: SupabaseClient, prefix: string): RealtimeChannel {
  return c.channel(`${prefix}-${Math.random().toString(36).slice(2, 10)}`);
}

type Frame = [string | null, string | null, string, string, Record<string, any>];

/** A bare Phoenix socket (vsn 2.0.0) for what supabase-js can't show: raw replies, leaves, garbage. */
export class RawSocket {
  readonly frames: Frame[] = [];
  private ref = 0;
  closed = false;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data, binary) => {
      if (!binary) this.frames.push(JSON.parse((data as Buffer).toString()) as Frame);
    });
    ws.on('close', () => (this.closed = true));
  }

  static open(apikey = platformInfo().anonKey, vsn = '2.0.0'): Promise<RawSocket> {
    const url = `${platformInfo().url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(apikey)}&vsn=${vsn}`;
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new RawSocket(ws)));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    });
  }

  nextRef(): string {
    this.ref += 1;
    return String(this.ref);
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** Sends and waits for the phx_reply with the same ref. */
  async request(joinRef: string | null, topic: string, event: string, payload: unknown, ref = this.nextRef()): Promise<Frame> {
    this.send([joinRef, ref, topic, event, payload]);
    return waitFor(() => this.frames.find((f) => f[1] === ref && f[3] === 'phx_reply'), 5000, `reply to ${event}`);
  }

  async join(topic: string, postgresChanges: unknown[], accessToken?: string): Promise<{ joinRef: string; reply: Frame }> {
    const ref = this.nextRef();
    const payload: Record<string, unknown> = {
      config: { broadcast: { ack: false, self: false }, presence: { key: '', enabled: false }, postgres_changes: postgresChanges, private: false },
    };
    if (accessToken) payload.access_token = accessToken;
    const reply = await this.request(ref, topic, 'phx_join', payload, ref);
    return { joinRef: ref, reply };
  }

  changes(topic: string): Frame[] {
    return this.frames.filter((f) => f[2] === topic && f[3] === 'postgres_changes');
  }

  close(): void {
    this.ws.close();
  }
}

/**
 * A user known only by a JWT signed with the platform's secret (no auth API round trip):
 * the client sends it to REST (Authorization) and to Realtime (access_token).
 */
export async function realtimeUser<DB = any>(opts: { sub?: string; role?: string; expiresIn?: number; claims?: Record<string, unknown> } = {}) {
  const info = platformInfo();
  const id = opts.sub ?? crypto.randomUUID();
  const token = await signJwt({ sub: id, role: opts.role ?? 'authenticated', ...opts.claims }, opts.expiresIn ?? 3600);
  const auth = { token };
  const c = createClient<DB>(info.url, info.anonKey, {
    realtime: { transport: WebSocket as never },
    global: { headers: { Authorization: `Bearer ${token}` } },
    accessToken: async () => auth.token,
  });
  return {
    client: c,
    id,
    token,
    /** Switches the realtime identity (sends an access_token push on joined channels). */
    async setToken(next: string) {
      auth.token = next;
      await c.realtime.setAuth(next);
    },
  };
}

