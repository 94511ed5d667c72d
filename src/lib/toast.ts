/**
 * The toasts of SPEC §8. Callers pass catalogue strings (or a server's error field); Mantine
 * renders them in an aria-live region.
 */
import { notifications } from '@mantine/notifications';

export function toastError(message: string) {
  notifications.show({ color: 'red', title: undefined, message, autoClose: 6000 });
}

export function toastSuccess(message: string) {
  notifications.show({ color: 'teal', message, autoClose: 5000 });
}
