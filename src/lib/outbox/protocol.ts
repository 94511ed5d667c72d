/** What the page and the service worker say to each other about the outbox. */

/** The Background Sync tag the page registers when it queues. */
export const OUTBOX_SYNC_TAG = 'outbox';

/** Worker to page: replay now (the browser fired `sync` while this page is open). */
export interface OutboxMessage {
  type: 'OUTBOX_REPLAY';
}
