import { createElement, lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component with Mantine's provider around it; both load in parallel. The
 * first route renders no Mantine component, so the provider's code (7 KB gzip) loads with
 * the first screen or dialog that needs it, not with the home page.
 */
export function inMantine<P extends object>(load: () => Promise<ComponentType<P>>): Promise<ComponentType<P>> {
  return Promise.all([import('./MantineRoot.tsx'), load()]).then(([{ default: MantineRoot }, Component]) => (props: P) => createElement(MantineRoot, null, createElement(Component, props)));
}

/** React's lazy() for a component drawn with Mantine (a dialog, a sheet, the toasts). */
export const lazyInMantine = <P extends object>(load: () => Promise<ComponentType<P>>) => lazy(() => inMantine(load).then((Component) => ({ default: Component })));
