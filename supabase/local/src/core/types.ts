/**
 * The platform's shared types, below every API module: each module is written against these,
 * and platform.ts composes the modules from them, so no module imports platform.ts back.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { PlatformConfig } from '../config.ts';
import type { Database } from '../db/types.ts';
import type { ApiKeys, Jwt } from '../jwt.ts';

/** What every API module gets: configuration, the database, the JWT helper and the keys. */
export interface Platform {
  config: PlatformConfig;
  db: Database;
  jwt: Jwt;
  keys: ApiKeys;
  log(scope: string, message: string): void;
}

/** One API of the platform, mounted under its prefix (e.g. /auth/v1). */
export interface ApiModule {
  prefix?: string;
  /** SQL this module needs after the core bootstrap and before migrations. */
  bootstrapSql?: string;
  /** `path` is the URL path below the prefix, starting with '/'. */
  handle?(req: Request, path: string): Promise<Response>;
  /** The paths the gateway lets through only with one of the project's keys (gateway.ts). */
  needsApiKey?(path: string): boolean;
  /** false: no CORS headers, so other origins cannot read its answers (the dev outbox). */
  cors?: boolean;
  /** WebSocket upgrades under the prefix. */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** After migrations, before the server accepts traffic. */
  start?(): Promise<void>;
  stop?(): Promise<void>;
}
