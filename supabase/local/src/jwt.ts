import { SignJWT, jwtVerify, errors } from 'jose';
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

/** HS256 JWTs with the platform's secret: the API keys and every access token. */
export class Jwt {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: Claims, expiresInSeconds?: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' });
    if (claims.iat === undefined) jwt.setIssuedAt(now);
    if (expiresInSeconds !== undefined) jwt.setExpirationTime(now + expiresInSeconds);
    return jwt.sign(this.key);
  }

  async verify(token: string): Promise<Claims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      return payload;
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new TokenError('expired', 'JWT expired');
      throw new TokenError('invalid', 'invalid JWT');
    }
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
    if (token.startsWith('sb_publishable_')) return { role: 'anon', claims: { role: 'anon' }, token };
    const claims = await this.verify(token);
    const role = typeof claims.role === 'string' && claims.role ? claims.role : 'anon';
    return { role, claims, token };
  }
}

/**
 * The two keys Supabase prints: long-lived JWTs whose role is anon / service_role. Fixed
 * iat/exp, so the same secret always gives the same keys (a built app keeps working).
 */
export async function apiKeys(jwt: Jwt): Promise<{ anon: string; serviceRole: string }> {
  const lifetime = { iss: 'supabase-local', iat: 1767225600, exp: 2082758400 };
  return {
    anon: await jwt.sign({ ...lifetime, role: 'anon' }),
    serviceRole: await jwt.sign({ ...lifetime, role: 'service_role' }),
  };
}
