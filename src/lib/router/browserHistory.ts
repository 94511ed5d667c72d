import { createKey, createPath, NavigationType, resolve, type History, type Location, type To, type Update } from './history.ts';

/** What an entry keeps in history.state: react-router's fields, so entries written before still read. */
type EntryState = { usr?: unknown; key?: string } | null;

/** The browser's session history; a navigation is reported to the listener at once, Back/Forward on popstate. */
export function createBrowserHistory(): History {
  let action: NavigationType = NavigationType.Pop;
  let listener: ((update: Update) => void) | null = null;
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    const entry = window.history.state as EntryState;
    return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
  };
  const navigate = (kind: NavigationType, to: To, state: unknown) => {
    const key = createKey();
    const url = createPath(resolve(to, window.location));
    const entry = { usr: state ?? null, key };
    if (kind === NavigationType.Replace) window.history.replaceState(entry, '', url);
    else {
      try {
        window.history.pushState(entry, '', url);
      } catch (error) {
        // A state that cannot be stored is the caller's bug; a browser's cap on entries (iOS) is not.
        if (error instanceof DOMException && error.name === 'DataCloneError') throw error;
        window.location.assign(url);
      }
    }
    action = kind;
    listener?.({ action, location: read() });
  };
  const onPop = () => {
    action = NavigationType.Pop;
    listener?.({ action, location: read() });
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return read();
    },
    push: (to, state) => navigate(NavigationType.Push, to, state),
    replace: (to, state) => navigate(NavigationType.Replace, to, state),
    go: (delta) => window.history.go(delta),
    listen(next) {
      listener = next;
      window.addEventListener('popstate', onPop);
      return () => {
        window.removeEventListener('popstate', onPop);
        listener = null;
      };
    },
  };
}
