import { createKey, NavigationType, resolve, type History, type Location, type To, type Update } from './history.ts';

/** A history in memory (tests): entries given as paths, the last one current unless `initialIndex` says. */
export function createMemoryHistory(initialEntries: string[] = ['/'], initialIndex?: number): History {
  const entries: Location[] = initialEntries.map((path, i) => ({
    ...resolve(path, { pathname: '/', search: '', hash: '' }),
    state: null,
    key: i === 0 ? 'default' : createKey(),
  }));
  let index = Math.min(Math.max(initialIndex ?? entries.length - 1, 0), entries.length - 1);
  let action: NavigationType = NavigationType.Pop;
  let listener: ((update: Update) => void) | null = null;
  const current = () => entries[index]!;
  const navigate = (kind: NavigationType, to: To, state: unknown) => {
    const location = { ...resolve(to, current()), state: state ?? null, key: createKey() };
    if (kind === NavigationType.Push) entries.splice(++index, entries.length, location);
    else entries[index] = location;
    action = kind;
    listener?.({ action, location });
  };
  return {
    get action() {
      return action;
    },
    get location() {
      return current();
    },
    push: (to, state) => navigate(NavigationType.Push, to, state),
    replace: (to, state) => navigate(NavigationType.Replace, to, state),
    go(delta) {
      index = Math.min(Math.max(index + delta, 0), entries.length - 1);
      action = NavigationType.Pop;
      listener?.({ action, location: current() });
    },
    listen(next) {
      listener = next;
      return () => {
        listener = null;
      };
    },
  };
}
