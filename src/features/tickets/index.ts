export { SupportDialog } from './components/SupportDialog.tsx';
export { openSupportDialog, closeSupportDialog, useSupportDialogStore, type SupportDialogOptions } from './store.ts';
