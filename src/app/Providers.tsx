import './mantineStyles.ts';
import './global.css';
import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { theme } from './theme.ts';

// The toast container loads right after the first paint, outside the first chunk; toasts
// shown before it mounts wait in Mantine's notifications store and appear when it does.
const ToastHost = lazy(() => import('./ToastHost.tsx'));

export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Suspense fallback={null}>
        <ToastHost />
      </Suspense>
      {children}
    </MantineProvider>
  );
}
