/**
 * The app's toasts. Callers pass catalogue strings (or a server's error field); Mantine
 * renders them in an aria-live region.
 */
import { notifications } from '@mantine/notifications';

export function toastError(message: string) {
  notifications.show({ color: 'red', title: undefined, message, autoClose: 6000 });
}

export function toastSuccess(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 5000 });
}

/** Done, but with something the user must know (issue 40: the listing now waits for staff). */
export function toastNotice(message: string, title?: string) {
  notifications.show({ color: 'yellow', title, message, autoClose: 8000 });
}
