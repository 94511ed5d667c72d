import { createHash, randomBytes } from 'node:crypto';
import { json, PayloadTooLargeError, readJson } from '../http.ts';
import type { AuthSettings } from '../config.ts';

export const API_VERSION_HEADERS = { 'x-supabase-api-version': '2024-01-01' };

/** Thrown anywhere in the auth handlers; becomes GoTrue's {code, message} error response. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** GoTrue's answer for a path (or method) it does not serve. */
export function routeNotFound(): AuthError {
  return new AuthError(404, 'not_found', 'Not found');
}

/** A 2xx JSON response carrying the API version header auth-js looks at. */
export function ok(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return json(body, status, { ...API_VERSION_HEADERS, ...headers });
}

/** GoTrue's current error format: the version header makes auth-js read `code`. */
export function errorResponse(err: AuthError): Response {
  return json({ code: err.code, message: err.message, ...err.extra }, err.status, API_VERSION_HEADERS);
}

export type Body = Record<string, unknown>;

/** Reads a JSON object body; bad JSON → 400 validation_failed, too big → 413. */
export async function readBodyObject(req: Request, limit: number): Promise<Body> {
  let parsed: unknown;
  try {
    parsed = await readJson(req, limit);
  } catch (err) {
    if (err instanceof PayloadTooLargeError) throw new AuthError(413, 'request_too_large', err.message);
    throw new AuthError(400, 'validation_failed', `Could not parse request body as JSON: ${(err as Error).message}`);
  }
  if (parsed === undefined || parsed === null) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new AuthError(400, 'validation_failed', 'Request body must be a JSON object');
  }
  return parsed as Body;
}

/** A string field or undefined (wrong types are refused rather than coerced). */
export function str(body: Body, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new AuthError(400, 'validation_failed', `${key} must be a string`);
  return v;
}

/** An object field (metadata) or undefined. */
export function obj(body: Body, key: string): Record<string, unknown> | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw new AuthError(400, 'validation_failed', `${key} must be an object`);
  return v as Record<string, unknown>;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Normalises and validates an e-mail address (GoTrue lower-cases and trims). */
export function validEmail(raw: string | undefined): string {
  const email = raw?.trim().toLowerCase();
  if (!email) throw new AuthError(400, 'validation_failed', 'An email address is required');
  if (email.length > 255 || !EMAIL.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format');
  }
  return email;
}

/** GoTrue's password policy (length only): 422 weak_password with the reasons auth-js surfaces. */
export function checkPassword(password: string | undefined, settings: AuthSettings): string {
  if (password === undefined || password === '') {
    throw new AuthError(422, 'weak_password', `Password should be at least ${settings.minimumPasswordLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if ([...password].length < settings.minimumPasswordLength) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${settings.minimumPasswordLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (Buffer.byteLength(password) > 72) throw new AuthError(422, 'weak_password', 'Password cannot be longer than 72 bytes', {
    weak_password: { reasons: ['length'] },
  });
  return password;
}

/** Hex sha256 — tokens are stored only as hashes. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** URL-safe random token of `bytes` random bytes. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** A 6-digit e-mail OTP code. */
export function randomOtp(): string {
  return String(randomBytes(4).readUInt32BE() % 1_000_000).padStart(6, '0');
}

function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        out += '.*';
        i++;
      } else out += '[^./]*';
    } else if (c === '?') out += '[^./]';
    else out += c.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/**
 * GoTrue's redirect allow-list: the site URL's origin or one of additional_redirect_urls
 * (globs where * stops at '.' and '/', ** does not). Anything else falls back to site_url.
 */
export function safeRedirect(raw: string | null | undefined, settings: AuthSettings): string {
  if (!raw) return settings.siteUrl;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return settings.siteUrl;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return settings.siteUrl;
  try {
    if (url.origin === new URL(settings.siteUrl).origin) return raw;
  } catch {
    /* bad site_url: only the list applies */
  }
  const bare = raw.split('#')[0]!;
  for (const pattern of settings.additionalRedirectUrls) {
    if (pattern === raw || globToRegExp(pattern).test(raw) || globToRegExp(pattern).test(bare)) return raw;
  }
  return settings.siteUrl;
}

/** Postgres/JSON timestamps → ISO 8601 in UTC (null stays null). */
export function iso(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  const d = new Date(String(value));
  return Number.isNaN(d.getTime()) ? String(value) : d.toISOString();
}

const UNITS: Record<string, number> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** Go's time.ParseDuration ('24h', '1h30m', '876000h') in milliseconds; null when malformed. */
export function parseGoDuration(value: string): number | null {
  const s = value.trim();
  if (s === '0') return 0;
  const re = /(\d+(?:\.\d+)?)(ns|us|µs|ms|s|m|h)/y;
  let total = 0;
  let at = 0;
  if (!s) return null;
  while (at < s.length) {
    re.lastIndex = at;
    const m = re.exec(s);
    if (!m) return null;
    total += Number(m[1]) * UNITS[m[2]!]!;
    at = re.lastIndex;
  }
  return total;
}
