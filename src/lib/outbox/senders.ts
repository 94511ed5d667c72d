/**
 * How each kind of queued write is sent, as plain requests so the service worker can send them
 * too (docs/decisions: offline writes applied once). The client id is the entry's id; the server
 * applies each kind once per client id, or by its natural key (favourites).
 */
import type { OutboxEntry } from './model.ts';
import { requestSender, rpcSender, type Sender } from './send.ts';

export interface TicketReplyPayload {
  ticketId: string;
  body: string;
}
export interface TicketCreatePayload {
  listingId: string | null;
  senderEmail: string;
  messageContent: string;
  initialSubject: string;
}
export interface ReportPayload {
  listingId: string;
  reason: string;
  details: string | null;
  email: string | null;
  device: string | null;
}
export interface FavouritePayload {
  listingId: string;
}
export interface SavedSearchCreatePayload {
  name: string;
  alert: string;
  filters: unknown;
}
/** `id` is the saved search's: the create entry's id when it was made offline too. */
export interface SavedSearchUpdatePayload {
  id: string;
  patch: { name?: string; alert?: string };
}
export interface SavedSearchDeletePayload {
  id: string;
}
/** `upTo`: created_at of the newest notification the user saw when she tapped, so newer ones stay unread. */
export interface NotificationsReadPayload {
  upTo: string;
}
export interface StatsBatchPayload {
  device: string;
  events: unknown[];
}

const minimal = { Prefer: 'return=minimal' };
/** An insert sent again finds its row by the key in `on_conflict` and adds nothing. */
const once = { Prefer: 'resolution=ignore-duplicates,return=minimal' };
const eq = (value: string) => `eq.${encodeURIComponent(value)}`;
const owner = (entry: OutboxEntry) => entry.userId ?? '';

const ticketReply = rpcSender<TicketReplyPayload>('reply_ticket', (e) => ({ p_ticket_id: e.payload.ticketId, p_body: e.payload.body, p_client_id: e.id }));

const ticketCreate = requestSender<TicketCreatePayload>('POST', () => '/functions/v1/create-ticket', (e) => ({ ...e.payload, clientId: e.id }));

const report = rpcSender<ReportPayload>('report_listing', (e) => ({
  p_listing_id: e.payload.listingId,
  p_reason: e.payload.reason,
  p_details: e.payload.details,
  p_email: e.payload.email,
  p_device: e.payload.device,
  p_client_id: e.id,
}));

const favouriteAdd = requestSender<FavouritePayload>('POST', () => '/rest/v1/favourites?on_conflict=user_id,listing_id', (e) => [{ user_id: owner(e), listing_id: e.payload.listingId }], once);

const favouriteRemove = requestSender<FavouritePayload>('DELETE', (e) => `/rest/v1/favourites?user_id=${eq(owner(e))}&listing_id=${eq(e.payload.listingId)}`, undefined, minimal);

const savedSearchCreate = requestSender<SavedSearchCreatePayload>('POST', () => '/rest/v1/saved_searches?on_conflict=id', (e) => ({ id: e.id, user_id: owner(e), ...e.payload }), once);

// One row expected: a search deleted meanwhile answers PGRST116, a refusal that will not change.
const savedSearchUpdate = requestSender<SavedSearchUpdatePayload>('PATCH', (e) => `/rest/v1/saved_searches?id=${eq(e.payload.id)}&select=id`, (e) => e.payload.patch, {
  Prefer: 'return=representation',
  Accept: 'application/vnd.pgrst.object+json',
});

const savedSearchDelete = requestSender<SavedSearchDeletePayload>('DELETE', (e) => `/rest/v1/saved_searches?id=${eq(e.payload.id)}`, undefined, minimal);

const notificationsRead = rpcSender<NotificationsReadPayload>('mark_notifications_read', (e) => ({ p_up_to: e.payload.upTo }));

const recordEvents = rpcSender<StatsBatchPayload>('record_listing_events', (e) => ({ p_device: e.payload.device, p_events: e.payload.events, p_batch: e.id }));
// A batch the server cannot take is nothing the user asked for: dropped without a word.
const statsBatch: Sender<StatsBatchPayload> = async (e, ctx) => {
  const result = await recordEvents(e, ctx);
  return typeof result === 'object' ? { drop: null } : result;
};

/** The kinds and their senders; `enqueue(kind, payload)` takes the matching payload. */
export const outboxSenders = {
  ticketReply,
  ticketCreate,
  report,
  favouriteAdd,
  favouriteRemove,
  savedSearchCreate,
  savedSearchUpdate,
  savedSearchDelete,
  notificationsRead,
  statsBatch,
} satisfies Record<string, Sender<never>>;

export type OutboxKind = keyof typeof outboxSenders;
