/// <reference lib="webworker" />
/**
 * The outbox's Background Sync in the worker (Chromium): on the `sync` event an open page
 * replays (its supabase-js owns the session and refreshes it); with no page open the worker
 * sends itself, with the access token the page left in the outbox database while it is valid.
 * It never refreshes the session: a refresh here would rotate the refresh token under the page.
 */
import { addNotice, allEntries, getMeta } from '../lib/outbox/db.ts';
import { OUTBOX_SYNC_TAG, type OutboxMessage } from '../lib/outbox/protocol.ts';
import { registerSenders, runReplay, type ReplayHost } from '../lib/outbox/replay.ts';
import { outboxSenders } from '../lib/outbox/senders.ts';

declare const self: ServiceWorkerGlobalScope;

/** Not in TypeScript's worker library: Background Sync is Chromium's. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** A token this close to expiry is left to the page, which can refresh it. */
const TOKEN_MARGIN_MS = 60_000;

export const workerHost: ReplayHost = {
  async credentials(userId) {
    const api = await getMeta('api');
    if (!api) return null;
    if (userId === null) return { ...api, token: api.anonKey };
    const session = await getMeta('session');
    if (session?.userId !== userId || session.expiresAt - TOKEN_MARGIN_MS < Date.now()) return null;
    return { ...api, token: session.accessToken };
  },
  refresh: () => Promise.resolve(null),
  async dropped(_entry, message) {
    // No page is open (one would have replayed): the app shows it when it next starts.
    await addNotice(message);
  },
};

async function syncOutbox(): Promise<void> {
  const [page] = await self.clients.matchAll({ type: 'window' });
  if (page) {
    page.postMessage({ type: 'OUTBOX_REPLAY' } satisfies OutboxMessage);
    return;
  }
  await runReplay(workerHost, { ignoreBackoff: true });
  // Still waiting (the network, or a token only the page can renew): the browser fires `sync` again later.
  if ((await allEntries()).length) throw new Error('outbox: entries still waiting');
}

export function registerOutboxSync(): void {
  registerSenders(outboxSenders);
  self.addEventListener('sync', (event) => {
    const sync = event as SyncEvent;
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(syncOutbox());
  });
}
