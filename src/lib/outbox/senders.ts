/**
 * How each kind of queued write is sent, as plain requests so the service worker can send them
 * too (docs/decisions: offline writes applied once). The client id is the entry's id; the server
 * applies each kind once per client id, or by its natural key (favourites).
 */
import { replyOutcome, type OutboxEntry } from './model.ts';
import { rpcSender, type Sender } from './send.ts';

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
const eq = (value: string) => `eq.${encodeURIComponent(value)}`;
const owner = (entry: OutboxEntry) => entry.userId ?? '';

const ticketReply = rpcSender<TicketReplyPayload>('reply_ticket', (e) => ({ p_ticket_id: e.payload.ticketId, p_body: e.payload.body, p_client_id: e.id }));

const ticketCreate: Sender<TicketCreatePayload> = async (e, ctx) => replyOutcome(await ctx.request('POST', '/functions/v1/create-ticket', { ...e.payload, clientId: e.id }));

const report = rpcSender<ReportPayload>('report_listing', (e) => ({
  p_listing_id: e.payload.listingId,
  p_reason: e.payload.reason,
  p_details: e.payload.details,
  p_email: e.payload.email,
  p_device: e.payload.device,
  p_client_id: e.id,
}));

const favouriteAdd: Sender<FavouritePayload> = async (e, ctx) =>
  replyOutcome(
    await ctx.request('POST', '/rest/v1/favourites?on_conflict=user_id,listing_id', [{ user_id: owner(e), listing_id: e.payload.listingId }], {
      Prefer: 'resolution=ignore-duplicates,return=minimal',
    }),
  );

const favouriteRemove: Sender<FavouritePayload> = async (e, ctx) =>
  replyOutcome(await ctx.request('DELETE', `/rest/v1/favourites?user_id=${eq(owner(e))}&listing_id=${eq(e.payload.listingId)}`, undefined, minimal));

const savedSearchCreate: Sender<SavedSearchCreatePayload> = async (e, ctx) =>
  replyOutcome(
    await ctx.request('POST', '/rest/v1/saved_searches?on_conflict=id', { id: e.id, user_id: owner(e), ...e.payload }, { Prefer: 'resolution=ignore-duplicates,return=minimal' }),
  );

// One row expected: a search deleted meanwhile answers PGRST116, a refusal that will not change.
const savedSearchUpdate: Sender<SavedSearchUpdatePayload> = async (e, ctx) =>
  replyOutcome(
    await ctx.request('PATCH', `/rest/v1/saved_searches?id=${eq(e.payload.id)}&select=id`, e.payload.patch, {
      Prefer: 'return=representation',
      Accept: 'application/vnd.pgrst.object+json',
    }),
  );

const savedSearchDelete: Sender<SavedSearchDeletePayload> = async (e, ctx) =>
  replyOutcome(await ctx.request('DELETE', `/rest/v1/saved_searches?id=${eq(e.payload.id)}`, undefined, minimal));

const notificationsRead = rpcSender<NotificationsReadPayload>('mark_notifications_read', (e) => ({ p_up_to: e.payload.upTo }));

// A batch the server cannot take is nothing the user asked for: dropped without a word.
const statsBatch: Sender<StatsBatchPayload> = async (e, ctx) => {
  const result = await replyOutcome(await ctx.request('POST', '/rest/v1/rpc/record_listing_events', { p_device: e.payload.device, p_events: e.payload.events, p_batch: e.id }));
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
