import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { theme } from './theme.ts';

/**
 * Mantine's provider around a part of the app that uses Mantine's components: lazy screens,
 * dialogs, the toasts (see inMantine). The first route has none, so it loads without the
 * provider's code; the theme's CSS variables and global classes are in the page from the
 * start (build/mantineThemeCss.ts), so they are not written again by each provider.
 */
export default function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" withCssVariables={false} withGlobalClasses={false}>
      {children}
    </MantineProvider>
  );
}
