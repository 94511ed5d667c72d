/** What other features use from tickets: the labels and id shown in the staff inbox, the open appeal /banned shows, the reply through the outbox staff write too. */
export { shortTicketId, statusColor, statusLabel, lastReplyLabel, type TicketStatus } from './model.ts';
export { openSupportDialog } from './store.ts';
export { openAppealQuery, useReplyTicket } from './queries.ts';
