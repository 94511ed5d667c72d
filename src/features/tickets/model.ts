/** Pure ticket logic: the form rules, status labels and the short ticket id. */
import { isValidEmail } from '@/lib/contact.ts';

export const TICKET_MESSAGE_MIN = 20;
export const TICKET_ID_LENGTH = 8;

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
  if (v.message.trim().length < TICKET_MESSAGE_MIN) errors.message = m.messageShort;
  return errors;
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
export function ticketPayload(v: TicketFormValues, opts: { listingId?: string | null; subject: string }) {
  return {
    listingId: opts.listingId ?? null,
    senderEmail: v.email.trim(),
    messageContent: v.message.trim(),
    initialSubject: opts.subject,
  };
}
