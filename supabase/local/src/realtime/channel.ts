import type { Binding, Subscriber } from './changes.ts';

/** Who a channel listens as: the verified JWT claims (role, sub, exp, …). */
export interface ChannelAuth {
  claims: Record<string, unknown>;
  /** The token as received, to recognise an unchanged access_token push. */
  token: string | undefined;
}

/** How a channel reaches its socket. */
export interface ChannelTransport {
  /** Sends one frame (encoded for the socket's protocol version). */
  push(joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void;
  /** Sends a postgres_changes frame whose ids/data are already JSON. */
  pushChange(topic: string, idsJson: string, dataJson: string): void;
}

const MAX_TIMER_MS = 2_147_483_647;

/**
 * Stable numeric id for a postgres_changes binding, echoed in the join reply and listed in
 * each change's `ids` (the real server uses :erlang.phash2(params), also a 27-bit integer).
 */
export function bindingId(params: { event: string; schema: string; table: string; filter?: string | null }): number {
  const text = JSON.stringify([params.event, params.schema, params.table, params.filter ?? null]);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) & 0x7ffffff;
}

/** Token-instance claims no RLS policy reasonably reads: two tabs of one user share a check. */
const VOLATILE_CLAIMS = new Set(['iat', 'exp', 'nbf', 'jti']);

/** The grouping key for RLS checks: the claims minus per-token timestamps, keys sorted. */
export function claimsKey(claims: Record<string, unknown>): string {
  const kept = Object.keys(claims)
    .filter((k) => !VOLATILE_CLAIMS.has(k))
    .sort()
    .map((k) => [k, claims[k]]);
  return JSON.stringify(Object.fromEntries(kept));
}

/**
 * One joined `realtime:<name>` topic on one socket: its bindings, the caller's claims (which
 * the change hub checks RLS with) and the timer that ends it when the token expires.
 */
export class Channel implements Subscriber {
  readonly name: string;
  claims: Record<string, unknown> = {};
  claimsKey = '{}';
  token: string | undefined;
  private expiry: NodeJS.Timeout | undefined;
  closed = false;

  constructor(
    private readonly transport: ChannelTransport,
    readonly topic: string,
    readonly joinRef: string | null,
    readonly bindings: Binding[],
    auth: ChannelAuth,
    private readonly onExpired: (channel: Channel) => void,
  ) {
    this.name = topic.startsWith('realtime:') ? topic.slice('realtime:'.length) : topic;
    this.setAuth(auth);
  }

  /** New claims (join or access_token push); re-arms the expiry timer. */
  setAuth(auth: ChannelAuth): void {
    this.claims = auth.claims;
    this.claimsKey = claimsKey(auth.claims);
    this.token = auth.token;
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = undefined;
    const exp = typeof auth.claims.exp === 'number' ? auth.claims.exp * 1000 : undefined;
    if (exp !== undefined) {
      const delay = Math.max(0, exp - Date.now());
      if (delay < MAX_TIMER_MS) {
        this.expiry = setTimeout(() => this.onExpired(this), delay);
        this.expiry.unref();
      }
    }
  }

  sendChange(idsJson: string, dataJson: string): void {
    if (!this.closed) this.transport.pushChange(this.topic, idsJson, dataJson);
  }

  /** The informational `system` message (subscription status, errors before a close). */
  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.transport.push(this.joinRef, null, this.topic, 'system', { channel: this.name, extension, message, status });
  }

  /** Server-side close: the client reports CLOSED. */
  sendClose(): void {
    this.transport.push(this.joinRef, this.joinRef, this.topic, 'phx_close', {});
  }

  dispose(): void {
    this.closed = true;
    if (this.expiry) clearTimeout(this.expiry);
    this.expiry = undefined;
  }
}
