import { useEffect, useState, type ComponentType } from 'react';
import { PageLoader } from './LoadingScreen.tsx';

/**
 * A lazily loaded screen without Suspense: boot.ts has usually fetched a visit's first
 * screen before React renders, and React holds a screen that replaces a Suspense fallback
 * until the fallback has shown for 300 ms, a third of a second lost on the first page. Here
 * a screen that is there renders at once; otherwise the page loader shows until it arrives.
 * A screen that cannot load is thrown to the route's error boundary.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (module) => (loaded = module.default),
      (error: unknown) => {
        pending = undefined; // a later visit tries again
        throw error;
      },
    ));

  return function Screen() {
    const [state, setState] = useState<{ Component?: ComponentType; error?: unknown }>(() => ({ Component: loaded }));
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
    }, [state.Component]);
    if (state.error) throw state.error;
    return state.Component ? <state.Component /> : <PageLoader />;
  };
}
