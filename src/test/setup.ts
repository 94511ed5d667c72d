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
