/**
 * When the page replays: on start, when the network comes back, when the app returns to the
 * foreground, when the service worker asks (its `sync` event with a page open), and when the
 * earliest backoff ends. Browsers without Background Sync (Safari, Firefox) rely on these alone;
 * with it, they still make an open page send at once. One replay at a time in a tab: a trigger
 * during one runs it again after.
 */
import { pwa } from '../catalogue/pwa.ts';
import { toastError } from '../toast.ts';
import { allEntries, takeNotices } from './db.ts';
import { lanes } from './model.ts';
import { followSession, pageHost } from './pageHost.ts';
import { OUTBOX_SYNC_TAG, type OutboxMessage } from './protocol.ts';
import { registerSenders, runReplay, type ReplayOptions } from './replay.ts';
import { outboxSenders } from './senders.ts';
import { followOutbox } from './useOutbox.ts';

registerSenders(outboxSenders);

let running: Promise<void> | null = null;
let again: ReplayOptions | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
/** Without Web Locks, a replay elsewhere holding the lease may have read the entries before ours: look again soon. */
const LEASE_BUSY_RETRY_MS = 5_000;

/** Sends what is due now; offline, nothing (a failure would only lengthen the backoff). */
export function replayOutbox(options: ReplayOptions = {}): Promise<void> {
  if (!navigator.onLine) return Promise.resolve();
  if (running) {
    again = { ...again, ...options, ignoreBackoff: !!again?.ignoreBackoff || !!options.ignoreBackoff };
    return running;
  }
  running = (async () => {
    let next: ReplayOptions | null = options;
    let busy = false;
    while (next) {
      again = null;
      busy = (await runReplay(pageHost, next).catch(() => undefined)) === null;
      next = again;
    }
    running = null;
    await scheduleRetry(busy);
  })();
  return running;
}

/** A timer for the first lane's backoff to end (or the lease to free), while this page is open. */
async function scheduleRetry(busy: boolean): Promise<void> {
  clearTimeout(timer);
  const heads = lanes(await allEntries().catch(() => [])).map((lane) => lane[0]!.nextAttemptAt);
  if (!heads.length) return;
  const wait = busy ? LEASE_BUSY_RETRY_MS : Math.min(...heads) - Date.now();
  if (wait > 0) timer = setTimeout(() => void replayOutbox(), wait);
}

/** Asks the worker for a `sync` event when the network is back; without Background Sync, the triggers above do. */
export async function requestSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  type WithSync = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
  const registration: WithSync | undefined = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  await registration?.sync?.register(OUTBOX_SYNC_TAG).catch(() => undefined);
}

/** What the worker could not send while no page was open. */
async function showNotices(): Promise<void> {
  const notices = await takeNotices().catch(() => []);
  notices.forEach((reason) => toastError(pwa.outbox.dropped(reason)));
}

let started = false;

/** Once per page, at start: the waiting count for the screens, the worker's token, then the first replay and the triggers. */
export function startOutbox(): void {
  if (started) return;
  started = true;
  followOutbox();
  void followSession();
  void showNotices();
  void replayOutbox();
  window.addEventListener('online', () => void replayOutbox({ ignoreBackoff: true }));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void replayOutbox();
  });
  if ('serviceWorker' in navigator) {
    navigator.serviceWorker.addEventListener('message', (event: MessageEvent<OutboxMessage | null>) => {
      if (event.data?.type === 'OUTBOX_REPLAY') void replayOutbox({ ignoreBackoff: true });
    });
  }
}
