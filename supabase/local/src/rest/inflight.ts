/**
 * How many REST requests one caller has running at once. A signed-in user (the JWT's sub) or
 * an address (anonymous callers, as auth's limits identify them) runs at most MAX_IN_FLIGHT
 * requests; the next MAX_WAITING wait their turn without holding a database connection, and
 * any more are refused with 429. One caller's slow requests then hold at most half of the
 * PostgreSQL pool (16), and everyone else keeps being served.
 */
import { clientKey } from '../auth/ratelimit.ts';
import type { RequestAuth } from '../db/types.ts';
import { ApiError } from './errors.ts';

export const MAX_IN_FLIGHT = 8;
/** Enough for a page's burst (or a test run's clients, all on one address) to queue, not fail. */
export const MAX_WAITING = 64;

interface Slots {
  running: number;
  waiting: Array<() => void>;
}

export class InFlightLimiter {
  private readonly keys = new Map<string, Slots>();

  constructor(
    private readonly max = MAX_IN_FLIGHT,
    private readonly maxWaiting = MAX_WAITING,
  ) {}

  /** Runs `fn` in one of `key`'s slots, after waiting for one if need be; 429 when too many wait. */
  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    let slots = this.keys.get(key);
    if (!slots) {
      slots = { running: 0, waiting: [] };
      this.keys.set(key, slots);
    }
    if (slots.running < this.max) slots.running++;
    else if (slots.waiting.length < this.maxWaiting) await new Promise<void>((resolve) => slots.waiting.push(resolve));
    else throw tooManyInFlight(this.max, this.maxWaiting);
    try {
      return await fn();
    } finally {
      // The slot passes to the next in line, or is freed.
      const next = slots.waiting.shift();
      if (next) next();
      else if (--slots.running === 0) this.keys.delete(key);
    }
  }
}

function tooManyInFlight(max: number, waiting: number): ApiError {
  return new ApiError(
    429,
    'over_request_rate_limit',
    'Too many requests in flight',
    `This caller already has ${max} requests running and ${waiting} waiting.`,
    'Wait for answers before sending more requests.',
    { 'retry-after': '1' },
  );
}

/**
 * Whose slots a request takes: the user's (JWT sub), else the client address's as auth's limits
 * name it (none when a trusted proxy's header is configured but missing, as GoTrue does); none
 * for the service role (the platform's own servers) or a refused token (401 follows).
 */
export async function inFlightKey(authenticate: () => Promise<RequestAuth>, req: Request, proxyHeader: string | undefined): Promise<string | null> {
  let auth: RequestAuth;
  try {
    auth = await authenticate();
  } catch {
    return null;
  }
  if (auth.role === 'service_role') return null;
  if (typeof auth.claims.sub === 'string' && auth.claims.sub) return `user:${auth.claims.sub}`;
  const address = clientKey(req, proxyHeader);
  return address === null ? null : `addr:${address}`;
}
