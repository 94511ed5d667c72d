import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';

// Mantine reads these browser APIs that jsdom lacks.
const noop = () => undefined;
const media: { matchMedia?: (query: string) => MediaQueryList } = window;
media.matchMedia ??= (query: string) =>
  ({ matches: false, media: query, onchange: null, addListener: noop, removeListener: noop, addEventListener: noop, removeEventListener: noop, dispatchEvent: () => false });
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;
// Mantine's autosize Textarea listens to document.fonts, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: noop, removeEventListener: noop, ready: Promise.resolve() },
    configurable: true,
  });
}

// Without vitest globals, Testing Library cannot register its own cleanup: unmount after each test.
import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
afterEach(() => cleanup());

// createClient() insists on a key; unit tests never reach a server, any string will do.
if (!import.meta.env.VITE_SUPABASE_ANON_KEY) vi.stubEnv('VITE_SUPABASE_ANON_KEY', 'unit-test-anon-key');

// jsdom has no layout, so Mantine's focus trap finds no "visible" element to focus and dumps
// the whole DOM node to the console. Real browsers (the e2e suite) are unaffected.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[@mantine/hooks/use-focus-trap]')) return;
  warn(...args);
};
