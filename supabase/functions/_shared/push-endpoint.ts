import { env } from './env.ts';

/**
 * The browser push services' endpoint hosts: FCM (Chrome, Edge on Android, Opera), Mozilla
 * autopush (Firefox), Apple (Safari) and Microsoft WNS. The database holds the same list
 * (private.is_push_service_endpoint, migration 20261122000800_push.sql).
 */
const PUSH_SERVICE_HOST =
  /^(fcm\.googleapis\.com|(updates\.)?push\.services\.mozilla\.com|([a-z0-9-]+\.)+push\.apple\.com|([a-z0-9-]+\.)+notify\.windows\.com)$/i;

/** Origins the local test platform adds for its fake push service (PUSH_EXTRA_ORIGINS, comma-separated); unset on a deployment. */
function extraOrigins(): string[] {
  return (env('PUSH_EXTRA_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
}

/** Why: send-push must never post to anything but a push service (no SSRF, no port probe through the 404/410 cleanup). */
export function isPushServiceEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (extraOrigins().includes(url.origin)) return true;
  return url.protocol === 'https:' && url.port === '' && url.username === '' && url.password === '' && PUSH_SERVICE_HOST.test(url.hostname);
}
