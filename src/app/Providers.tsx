import './mantineStyles.ts';
import './global.css';
import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { useLatch } from '@/lib/useLatch.ts';
import { theme } from './theme.ts';

// The toast container loads with the first toast, outside the first chunk; a toast shown
// before it mounts waits in Mantine's notifications store and appears when it does.
const ToastHost = lazy(() => import('./ToastHost.tsx'));

export function Providers({ children }: { children: ReactNode }) {
  const toasts = useNotifications();
  const toastsShown = useLatch(toasts.notifications.length + toasts.queue.length > 0);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {toastsShown && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
      {children}
    </MantineProvider>
  );
}
