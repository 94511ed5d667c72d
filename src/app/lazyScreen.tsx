import { createElement, useCallback, useEffect, useState, type ComponentType } from 'react';
import { isChunkLoadError } from '@/lib/chunkError.ts';
import { inMantine } from '@/lib/ui/inMantine.ts';
import { PageLoader } from './LoadingScreen.tsx';
import { ScreenOffline } from './ScreenOffline.tsx';

/**
 * A lazily loaded screen without Suspense: boot.ts has usually fetched a visit's first
 * screen before React renders, and React holds a screen that replaces a Suspense fallback
 * until the fallback has shown for 300 ms, a third of a second lost on the first page. Here
 * a screen that is there renders at once; otherwise the page loader shows until it arrives.
 * Code that cannot be downloaded (offline) shows the offline notice and loads again when the
 * device is back online; any other failure is thrown to the route's error boundary. A screen
 * drawn with plain elements (`drawsMantine: false`) loads without Mantine's provider.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>, { drawsMantine = true } = {}) {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const screen = () => load().then((module) => module.default);
  const preload = () =>
    (pending ??= (drawsMantine ? inMantine(screen) : screen()).then(
      (Component) => (loaded = Component),
      (error: unknown) => {
        pending = undefined; // a later visit tries again
        throw error;
      },
    ));

  return function Screen() {
    const [state, setState] = useState<{ Component?: ComponentType; error?: unknown }>(() => ({ Component: loaded }));
    const [attempt, setAttempt] = useState(0);
    useEffect(() => {
      if (state.Component) return;
      let live = true;
      preload().then(
        (Component) => live && setState({ Component }),
        (error: unknown) => live && setState({ error }),
      );
      return () => {
        live = false;
      };
    }, [state.Component, attempt]);
    const retry = useCallback(() => {
      setState({});
      setAttempt((n) => n + 1);
    }, []);
    if (state.error) {
      if (isChunkLoadError(state.error)) return <ScreenOffline onRetry={retry} />;
      throw state.error instanceof Error ? state.error : new Error('The screen could not be loaded', { cause: state.error });
    }
    return state.Component ? <state.Component /> : <PageLoader />;
  };
}

/** A lazily loaded component with the query cache (TanStack Query) around it; both load in parallel. */
export function withServerState<P extends object>(load: () => Promise<ComponentType<P>>): () => Promise<{ default: ComponentType<P> }> {
  return () =>
    Promise.all([import('./ServerState.tsx'), load()]).then(([{ ServerState }, Component]) => ({
      default: (props: P) => createElement(ServerState, null, createElement(Component, props)),
    }));
}

/**
 * A signed-in screen: a lazyScreen with the query cache around it. The cache's code loads
 * beside the screen's, and never with the visitor's routes.
 */
export const dataScreen = (load: () => Promise<{ default: ComponentType }>) => lazyScreen(withServerState(() => load().then((m) => m.default)));
