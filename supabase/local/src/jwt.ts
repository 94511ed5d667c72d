import { createHmac, timingSafeEqual } from 'node:crypto';
import { SignJWT } from 'jose';
import type { RequestAuth } from './db/types.ts';

export type Claims = Record<string, unknown> & { role?: string; sub?: string; exp?: number };

export class TokenError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid' | 'missing',
    message: string,
  ) {
    super(message);
  }
}

/** Verified tokens kept (token → claims); every use still checks `exp` and `nbf` against the clock. */
const CACHE_MAX = 10_000;

/**
 * HS256 JWTs with the platform's secret: the API keys and every access token. Verification is
 * node:crypto's HMAC (synchronous; WebCrypto through jose was a fifth of a REST request's CPU),
 * and a verified token is remembered, as PostgREST's JWT cache does, so the next request with
 * it only parses nothing and checks its times.
 */
export class Jwt {
  private readonly key: Uint8Array;
  private readonly secret: Buffer;
  private readonly verified = new Map<string, Claims>();
  /**
   * The project's new-format publishable key, which stands for anon: derived from the secret, so
   * the same secret always gives the same key. Any other `sb_publishable_…` string is no key of
   * this project and is refused, as Supabase refuses another project's.
   */
  readonly publishableKey: string;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
    this.secret = Buffer.from(secret, 'utf8');
    this.publishableKey = `sb_publishable_${createHmac('sha256', this.secret).update('sb_publishable').digest('base64url').slice(0, 31)}`;
  }

  sign(claims: Claims, expiresInSeconds?: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
    if (claims.iat === undefined) jwt.setIssuedAt(now);
    if (expiresInSeconds !== undefined) jwt.setExpirationTime(now + expiresInSeconds);
    return jwt.sign(this.key);
  }

  async verify(token: string): Promise<Claims> {
    return this.verifySync(token);
  }

  /** The claims of a token signed with the secret and valid now; TokenError otherwise. */
  verifySync(token: string): Claims {
    const claims = this.verified.get(token) ?? this.check(token);
    const now = Math.floor(Date.now() / 1000);
    if (typeof claims.exp === 'number' && claims.exp <= now) throw new TokenError('expired', 'JWT expired');
    if (typeof claims.nbf === 'number' && claims.nbf > now) throw new TokenError('invalid', 'invalid JWT');
    if (!this.verified.has(token)) {
      if (this.verified.size >= CACHE_MAX) this.verified.clear();
      this.verified.set(token, claims);
    }
    return claims;
  }

  /** Signature and shape (what jose's jwtVerify checked for HS256), not the times. */
  private check(token: string): Claims {
    const invalid = () => new TokenError('invalid', 'invalid JWT');
    const parts = token.split('.');
    if (parts.length !== 3) throw invalid();
    const [h, p, sig] = parts as [string, string, string];
    let header: unknown;
    let payload: unknown;
    try {
      header = JSON.parse(Buffer.from(h, 'base64url').toString('utf8'));
      payload = JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
    } catch {
      throw invalid();
    }
    const hd = header as Record<string, unknown> | null;
    if (!hd || typeof hd !== 'object' || hd.alg !== 'HS256' || hd.crit !== undefined || hd.b64 !== undefined) throw invalid();
    const expected = createHmac('sha256', this.secret).update(`${h}.${p}`).digest();
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected) || given.toString('base64url') !== sig) throw invalid();
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) throw invalid();
    const claims = payload as Claims;
    for (const k of ['exp', 'nbf', 'iat'] as const) {
      if (claims[k] !== undefined && typeof claims[k] !== 'number') throw invalid();
    }
    return claims;
  }

  /**
   * The caller of a request: the Bearer token if any, else the apikey header. A JWT signed
   * with the secret runs as its own `role` claim; anything else is refused.
   */
  async authenticate(headers: Headers): Promise<RequestAuth> {
    const bearer = /^Bearer\s+(.+)$/i.exec(headers.get('authorization') ?? '')?.[1]?.trim();
    const token = bearer || headers.get('apikey')?.trim();
    if (!token) return { role: 'anon', claims: { role: 'anon' } };
    return this.authFromToken(token);
  }

  async authFromToken(token: string): Promise<RequestAuth> {
    if (token === this.publishableKey) return { role: 'anon', claims: { role: 'anon' }, token };
    const claims = await this.verify(token);
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
    return { role, claims, token };
  }
}

/** The project's API keys, as Supabase prints them. */
export interface ApiKeys {
  anon: string;
  serviceRole: string;
  publishable: string;
}

/**
 * The anon and service_role keys are long-lived JWTs with fixed iat/exp, and the publishable key
 * comes from the secret too, so the same secret always gives the same keys (a built app keeps working).
 */
export async function apiKeys(jwt: Jwt): Promise<ApiKeys> {
  const lifetime = { iss: 'supabase-local', iat: 1767225600, exp: 2082758400 };
  return {
    anon: await jwt.sign({ ...lifetime, role: 'anon' }),
    serviceRole: await jwt.sign({ ...lifetime, role: 'service_role' }),
    publishable: jwt.publishableKey,
  };
}
