import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { parse } from 'smol-toml';
import { POSTBACK_MAX_BYTES } from '../../functions/_shared/payments/postback-request.ts';

/** Auth settings read from supabase/config.toml, as the Supabase CLI reads them. */
export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  enableSignup: boolean;
  enableConfirmations: boolean;
  doubleConfirmChanges: boolean;
  refreshTokenReuseInterval: number;
  minimumPasswordLength: number;
  /** [auth.email] otp_expiry: seconds an e-mailed code or link stays valid. */
  otpExpiry: number;
  rateLimit: AuthRateLimits;
  /**
   * A header set by a trusted proxy that names the client (GOTRUE_RATE_LIMIT_HEADER); unset,
   * the socket's address is the client. Never read from config.toml: a deployment sets it only
   * when a proxy in front of it overwrites that header.
   */
  rateLimitHeader?: string;
}

/** [auth.rate_limit] of config.toml (the CLI's keys), each per 5 minutes and client address. */
export interface AuthRateLimits {
  /** /token (password, refresh and PKCE grants): GOTRUE_RATE_LIMIT_TOKEN_REFRESH. */
  tokenRefresh: number;
  /** /signup, /otp, /recover, /resend, PUT /user, each on its own: GOTRUE_RATE_LIMIT_OTP. */
  signInSignUps: number;
  /** /verify: GOTRUE_RATE_LIMIT_VERIFY. */
  tokenVerifications: number;
}

export interface PlatformConfig {
  port: number;
  host: string;
  /** Public base URL, e.g. http://127.0.0.1:54321 */
  url: string;
  dataDir: string;
  databaseUrl?: string;
  jwtSecret: string;
  supabaseDir: string;
  auth: AuthSettings;
  /** Functions whose verify_jwt is false in config.toml. */
  functionsWithoutJwt: Set<string>;
  /** Largest request body the APIs read (bytes); storage has its own limit per bucket. */
  maxBodyBytes: number;
  /** Edge Functions that read larger bodies than maxBodyBytes, by name. */
  functionBodyBytes: ReadonlyMap<string, number>;
  storageFileSizeLimit: number;
  /** Where Edge Functions run: in this Node process, or each in its own Deno process (SUPABASE_FUNCTIONS_RUNTIME). */
  functionsRuntime: 'node' | 'deno';
}

export interface ConfigInput {
  port?: number;
  /** See AuthSettings.rateLimitHeader; else SUPABASE_AUTH_RATE_LIMIT_HEADER. */
  rateLimitHeader?: string;
  dataDir?: string;
  databaseUrl?: string;
  jwtSecret?: string;
  supabaseDir?: string;
  functionsRuntime?: 'node' | 'deno';
}

const SIZE = /^(\d+)\s*(B|KB|KiB|MB|MiB|GB|GiB)?$/i;

function parseSize(value: unknown, fallback: number): number {
  if (typeof value === 'number') return value;
  const m = typeof value === 'string' ? SIZE.exec(value.trim()) : null;
  if (!m) return fallback;
  const unit = (m[2] ?? 'B').toLowerCase();
  const mult: Record<string, number> = { b: 1, kb: 1e3, kib: 1024, mb: 1e6, mib: 1024 ** 2, gb: 1e9, gib: 1024 ** 3 };
  return Number(m[1]) * (mult[unit] ?? 1);
}

type Toml = Record<string, unknown>;
const table = (v: unknown): Toml => (v && typeof v === 'object' ? (v as Toml) : {});

/** A random HS256 secret created once per data folder, so keys survive restarts. */
function jwtSecretFor(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(input: ConfigInput = {}, env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const supabaseDir = resolve(input.supabaseDir ?? join(import.meta.dirname, '..', '..'));
  const dataDir = resolve(input.dataDir ?? env.SUPABASE_LOCAL_DATA ?? '.data');
  mkdirSync(dataDir, { recursive: true });
  const port = input.port ?? Number(env.SUPABASE_LOCAL_PORT ?? 54321);
  const host = '127.0.0.1';
  const tomlPath = join(supabaseDir, 'config.toml');
  const toml = existsSync(tomlPath) ? (parse(readFileSync(tomlPath, 'utf8')) as Toml) : {};
  const auth = table(toml.auth);
  const email = table(auth.email);
  const rateLimit = table(auth.rate_limit);
  // The CLI template's values where config.toml leaves a key out (GoTrue's defaults too).
  const perFiveMinutes = (key: string, fallback: number) => Number(rateLimit[key] ?? fallback);
  const functions = table(toml.functions);
  const storage = table(toml.storage);
  return {
    port,
    host,
    url: `http://${host}:${port}`,
    dataDir,
    databaseUrl: input.databaseUrl ?? (env.DATABASE_URL || undefined),
    jwtSecret: input.jwtSecret ?? env.SUPABASE_JWT_SECRET ?? jwtSecretFor(dataDir),
    supabaseDir,
    auth: {
      // GoTrue's own variables win over config.toml, as in a GoTrue deployment: `npm start`
      // sets them to the origin the app is served on, whatever its port.
      siteUrl: env.GOTRUE_SITE_URL || String(auth.site_url ?? 'http://127.0.0.1:4173'),
      additionalRedirectUrls: [
        ...(Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls.map(String) : []),
        ...(env.GOTRUE_URI_ALLOW_LIST ?? '').split(',').map((u) => u.trim()).filter(Boolean),
      ],
      jwtExpiry: Number(auth.jwt_expiry ?? 3600),
      enableSignup: auth.enable_signup !== false && email.enable_signup !== false,
      enableConfirmations: email.enable_confirmations === true,
      doubleConfirmChanges: email.double_confirm_changes !== false,
      refreshTokenReuseInterval: Number(auth.refresh_token_reuse_interval ?? 10),
      minimumPasswordLength: Number(auth.minimum_password_length ?? 6),
      otpExpiry: Number(email.otp_expiry ?? 3600),
      rateLimit: {
        tokenRefresh: perFiveMinutes('token_refresh', 150),
        signInSignUps: perFiveMinutes('sign_in_sign_ups', 30),
        tokenVerifications: perFiveMinutes('token_verifications', 30),
      },
      rateLimitHeader: input.rateLimitHeader ?? (env.SUPABASE_AUTH_RATE_LIMIT_HEADER || undefined),
    },
    functionsWithoutJwt: new Set(
      Object.entries(functions)
        .filter(([, v]) => table(v).verify_jwt === false)
        .map(([name]) => name),
    ),
    maxBodyBytes: 1024 * 1024,
    // The photo upload: a crop and an original of up to 10 MB each, and the form around them;
    // the payment postback, which anyone may call, no more than its own cap.
    functionBodyBytes: new Map([
      ['listing-photo', 21 * 1024 * 1024],
      ['payment-postback', POSTBACK_MAX_BYTES],
    ]),
    storageFileSizeLimit: parseSize(storage.file_size_limit, 50 * 1024 * 1024),
    functionsRuntime: input.functionsRuntime ?? (env.SUPABASE_FUNCTIONS_RUNTIME === 'deno' ? 'deno' : 'node'),
  };
}
