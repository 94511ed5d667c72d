/** The request headers SQL reads through `request.headers`, as behind Supabase's gateway. */
import { clientKey } from '../auth/ratelimit.ts';

/**
 * Headers only a gateway may set: on Supabase Cloudflare writes cf-connecting-ip, and the
 * client's address comes first in x-forwarded-for. This server is the gateway, so what a client
 * sent under these names is dropped and x-forwarded-for names the client as auth's limits and
 * the functions do (the trusted proxy's header when one is configured, else the socket's address).
 */
const GATEWAY_HEADERS = ['cf-connecting-ip', 'x-forwarded-for', 'x-real-ip'];

export function sqlHeaders(req: Request, proxyHeader: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  req.headers.forEach((value, name) => {
    if (!GATEWAY_HEADERS.includes(name)) out[name] = value;
  });
  const client = clientKey(req, proxyHeader);
  if (client) out['x-forwarded-for'] = client;
  return out;
}
