import type { ApiModule, Platform } from '../core/types.ts';

/** The channel migrations notify when they would call pg_net on Supabase. */
export const LOCAL_WEBHOOKS_CHANNEL = 'local_webhooks';
const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/**
 * Local stand-in for Supabase Database Webhooks (pg_net): LISTENs on 'local_webhooks' for
 * `{"function": "<name>", "payload": {...}}` and POSTs the payload to /functions/v1/<name>
 * with the service-role key, as the webhook does on Supabase. Delivery is after commit
 * (NOTIFY semantics) and fire-and-forget; failures are logged.
 */
export function createLocalWebhooks(p: Platform): ApiModule {
  let unlisten: (() => Promise<void>) | null = null;
  const inflight = new Set<Promise<void>>();

  async function deliver(raw: string): Promise<void> {
    let msg: { function?: unknown; payload?: unknown };
    try {
      msg = JSON.parse(raw) as typeof msg;
    } catch {
      p.log('webhooks', `ignored a malformed notification: ${raw.slice(0, 80)}`);
      return;
    }
    const name = typeof msg.function === 'string' ? msg.function : '';
    if (!NAME.test(name)) return;
    try {
      const res = await fetch(`${p.config.url}/functions/v1/${name}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: `Bearer ${p.keys.serviceRole}`,
          apikey: p.keys.serviceRole,
        },
        body: JSON.stringify(msg.payload ?? {}),
      });
      const text = await res.text();
      p.log('webhooks', `${name} -> ${res.status}${res.ok ? '' : ` ${text.slice(0, 200)}`}`);
    } catch (err) {
      p.log('webhooks', `${name} failed: ${(err as Error).message}`);
    }
  }

  return {
    async start() {
      unlisten = await p.db.listen(LOCAL_WEBHOOKS_CHANNEL, (payload) => {
        const task = deliver(payload).finally(() => inflight.delete(task));
        inflight.add(task);
      });
    },
    async stop() {
      await unlisten?.();
      unlisten = null;
      await Promise.allSettled([...inflight]);
    },
  };
}
