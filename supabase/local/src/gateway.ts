/**
 * What Supabase's gateway (Kong's key-auth) checks before a request reaches rest or auth: an
 * apikey, in the header or the `apikey` URL parameter, that is one of the project's keys.
 * Without it the request never reaches the API, whatever its Authorization says.
 */
import type { IncomingMessage } from 'node:http';
import { json } from './http.ts';
import type { ApiKeys } from './jwt.ts';

/** The gateway's refusal, or null when the request carries one of `keys`. */
export function apiKeyRefusal(req: IncomingMessage, keys: ApiKeys): Response | null {
  const header = req.headers.apikey;
  // The query string alone: URLSearchParams reads any text, where URL throws on some request targets.
  const query = new URLSearchParams((req.url ?? '').split('?')[1] ?? '');
  const key = (Array.isArray(header) ? header[0] : header)?.trim() || query.get('apikey');
  if (!key) return json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401);
  if (key === keys.anon || key === keys.serviceRole || key === keys.publishable) return null;
  return json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401);
}
