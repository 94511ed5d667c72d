/** Which support dialog is open and with what context (not persisted: UI state only). */
import { create } from 'zustand';

export interface SupportDialogOptions {
  listingId?: string | null;
  subject?: string;
  /** Runs after a successful send instead of navigating to /my-tickets. */
  onSuccess?: () => void;
}

interface SupportDialogState {
  opened: boolean;
  options: SupportDialogOptions;
}

export const useSupportDialogStore = create<SupportDialogState>()(() => ({ opened: false, options: {} }));

export function openSupportDialog(options: SupportDialogOptions = {}) {
  useSupportDialogStore.setState({ opened: true, options });
}

export function closeSupportDialog() {
  useSupportDialogStore.setState({ opened: false, options: {} });
}
