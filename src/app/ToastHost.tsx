import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, loaded lazily by Providers. */
export default function ToastHost() {
  return <Notifications position="top-center" />;
}
