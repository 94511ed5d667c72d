import { clientAddress } from '../http.ts';
import type { AuthSettings } from '../config.ts';
import { AuthError } from './util.ts';

/** GoTrue's burst for every per-5-minute limiter (apilimiter.go: SetBurst(30)). */
const BURST = 30;
/** GoTrue forgets a client's bucket an hour after its last request. */
const IDLE_MS = 60 * 60 * 1000;

/**
 * A token bucket per client, as tollbooth does for GoTrue: `burst` requests at once, then
 * `perFiveMinutes` spread over five minutes.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    perFiveMinutes: number,
    private readonly burst = BURST,
  ) {
    this.perMs = perFiveMinutes / (5 * 60 * 1000);
  }

  /** Takes one token for this client; false when its bucket is empty. */
  take(key: string, now = Date.now()): boolean {
    if (this.buckets.size > 10_000) this.forgetIdle(now);
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: now };
    b.tokens = Math.min(this.burst, b.tokens + (now - b.at) * this.perMs);
    b.at = now;
    this.buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  private forgetIdle(now: number): void {
    for (const [key, b] of this.buckets) if (now - b.at > IDLE_MS) this.buckets.delete(key);
  }
}

/**
 * Who the client is, as GoTrue decides it: with no header configured, the socket's address
 * (this server is the edge); with a trusted proxy's header configured, its first value, and
 * null (not limited, as GoTrue does) when a request lacks it, since only the proxy calls us.
 */
export function clientKey(req: Request, header: string | undefined): string | null {
  if (!header) return clientAddress(req) ?? 'unknown';
  return req.headers.get(header)?.split(',')[0]?.trim() || null;
}

export type LimitedRoute = 'token' | 'verify' | 'signup' | 'otp' | 'recover' | 'resend' | 'user';

export type AuthLimits = (route: LimitedRoute, req: Request) => void;

/** GoTrue's limiters for the routes this platform serves, from config.toml's [auth.rate_limit]. */
export function createAuthLimits(settings: AuthSettings): AuthLimits {
  const r = settings.rateLimit;
  const limiters: Record<LimitedRoute, RateLimiter> = {
    token: new RateLimiter(r.tokenRefresh),
    verify: new RateLimiter(r.tokenVerifications),
    signup: new RateLimiter(r.signInSignUps),
    otp: new RateLimiter(r.signInSignUps),
    recover: new RateLimiter(r.signInSignUps),
    resend: new RateLimiter(r.signInSignUps),
    user: new RateLimiter(r.signInSignUps),
  };
  return (route, req) => {
    const key = clientKey(req, settings.rateLimitHeader);
    if (key !== null && !limiters[route].take(key)) {
      throw new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached');
    }
  };
}
