import './mantineStyles.ts';
import './global.css';
import { Suspense, type ReactNode } from 'react';
import { useNotifications } from '@mantine/notifications';
import { useLatch } from '@/lib/useLatch.ts';
import { lazyInMantine } from '@/lib/ui/inMantine.ts';

// The toast container loads with the first toast, outside the first chunk; a toast shown
// before it mounts waits in Mantine's notifications store and appears when it does.
const ToastHost = lazyInMantine(() => import('./ToastHost.tsx').then((m) => m.default));

/** Mantine's stylesheets and the toasts. Mantine's provider comes with each lazy part that draws Mantine (lib/ui/inMantine.ts). */
export function Providers({ children }: { children: ReactNode }) {
  const toasts = useNotifications();
  const toastsShown = useLatch(toasts.notifications.length + toasts.queue.length > 0);
  return (
    <>
      {toastsShown && (
        <Suspense fallback={null}>
          <ToastHost />
        </Suspense>
      )}
      {children}
    </>
  );
}
