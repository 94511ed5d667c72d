import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';

// Mantine reads these browser APIs that jsdom lacks.
const noop = () => undefined;
window.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addListener: noop, removeListener: noop, addEventListener: noop, removeEventListener: noop, dispatchEvent: () => false }) as unknown as MediaQueryList;
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
