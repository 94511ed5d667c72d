export { SupportDialog } from './components/SupportDialog.tsx';
export { openSupportDialog, closeSupportDialog, useSupportDialogStore, type SupportDialogOptions } from './store.ts';
export { shortTicketId, statusColor, statusLabel, lastReplyLabel, type TicketStatus } from './model.ts';
