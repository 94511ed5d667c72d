/** Pure ticket logic: the form rules, status labels and the short ticket id. */
import { isValidEmail } from '@/lib/contact.ts';

export const TICKET_MESSAGE_MIN = 20;
export const TICKET_ID_LENGTH = 8;

/** The navigation state /my-tickets opens with after a ticket was sent there: it invites to web push. */
export const TICKET_SENT_STATE = { ticketSent: true } as const;
export const wasTicketSent = (state: unknown): boolean => (state as { ticketSent?: unknown } | null)?.ticketSent === true;

export interface TicketFormValues {
  email: string;
  message: string;
}

interface TicketFormMessages {
  emailRequired: string;
  emailInvalid: string;
  messageShort: string;
}

export function validateTicketForm(v: TicketFormValues, m: TicketFormMessages): Partial<Record<keyof TicketFormValues, string>> {
  const errors: Partial<Record<keyof TicketFormValues, string>> = {};
  const email = v.email.trim();
  if (!email) errors.email = m.emailRequired;
  else if (!isValidEmail(email)) errors.email = m.emailInvalid;
  const message = validateFirstMessage(v.message, { messageShort: m.messageShort });
  if (message) errors.message = message;
  return errors;
}

/** The first message of a ticket or an appeal: at least TICKET_MESSAGE_MIN characters, at most REPLY_MAX. */
export function validateFirstMessage(body: string, m: { messageShort: string; replyLong?: string }): string | null {
  const text = body.trim();
  if (text.length < TICKET_MESSAGE_MIN) return m.messageShort;
  if (m.replyLong && text.length > REPLY_MAX) return m.replyLong;
  return null;
}

export function shortTicketId(id: string): string {
  return id.slice(0, TICKET_ID_LENGTH);
}

export type TicketStatus = 'open' | 'in_progress' | 'resolved' | 'closed';

export function statusLabel(status: string, labels: Record<TicketStatus, string>): string {
  return status in labels ? labels[status as TicketStatus] : status;
}

export function statusColor(status: string): string {
  switch (status) {
    case 'open':
      return 'blue';
    case 'in_progress':
      return 'yellow';
    case 'resolved':
      return 'green';
    default:
      return 'gray';
  }
}

export function lastReplyLabel(by: string | null | undefined, labels: { user: string; admin: string; supporto: string; unknown: string }): string {
  return by === 'user' || by === 'admin' || by === 'supporto' ? labels[by] : labels.unknown;
}

/** The create-ticket Edge Function's payload. */
export function ticketPayload(v: TicketFormValues, opts: { listingId?: string | null; subject: string; clientId?: string }) {
  return {
    listingId: opts.listingId ?? null,
    senderEmail: v.email.trim(),
    messageContent: v.message.trim(),
    initialSubject: opts.subject,
    // The outbox's id for this ticket: a copy sent again answers the same ticket (docs/decisions/1008-offline-writes-applied-once.md).
    clientId: opts.clientId,
  };
}

export const REPLY_MAX = 5000;

export type AuthorRole = 'user' | 'admin' | 'supporto';

export interface ThreadMessage {
  id: string;
  author_role: string;
  body: string;
  created_at: string;
  /** The outbox's id of the copy it came from: the queued copy and this row are one message. */
  client_id?: string | null;
}

/** Who wrote a message, as the thread labels it (Utente, Admin, Supporto). */
export function authorLabel(role: string, labels: Record<AuthorRole | 'unknown', string>): string {
  return role === 'user' || role === 'admin' || role === 'supporto' ? labels[role] : labels.unknown;
}

/** The user's own messages sit on the right, staff's on the left. */
export const isUserMessage = (m: Pick<ThreadMessage, 'author_role'>): boolean => m.author_role === 'user';

/** Oldest first (the newest at the bottom, where the thread scrolls to); ties by id keep the order stable. */
export function sortThread<T extends Pick<ThreadMessage, 'id' | 'created_at'>>(messages: readonly T[]): T[] {
  return [...messages].sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id.localeCompare(b.id));
}

export interface ThreadActions {
  canReply: boolean;
  canClose: boolean;
  canReopen: boolean;
}

/**
 * What the owner may do, as private.reply_ticket and set_ticket_status allow: reply unless
 * closed (a reply reopens a resolved ticket), close unless closed, reopen only a resolved
 * ticket. A banned owner reads only.
 */
export function threadActions(status: string, banned: boolean): ThreadActions {
  if (banned) return { canReply: false, canClose: false, canReopen: false };
  return { canReply: status !== 'closed', canClose: status !== 'closed', canReopen: status === 'resolved' };
}

export function validateReply(body: string, m: { replyEmpty: string; replyLong: string }): string | null {
  const text = body.trim();
  if (!text) return m.replyEmpty;
  if (text.length > REPLY_MAX) return m.replyLong;
  return null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A route parameter that can be a ticket id (anything else is simply not found). */
export const isTicketId = (id: string | undefined): id is string => !!id && UUID.test(id);

