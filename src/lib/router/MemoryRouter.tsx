import { useState, type ReactNode } from 'react';
import { createMemoryHistory } from './memoryHistory.ts';
import { Router } from './Router.tsx';

/** A router over entries in memory (tests). */
export function MemoryRouter({ initialEntries, initialIndex, children }: { initialEntries?: string[]; initialIndex?: number; children?: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries, initialIndex));
  return <Router history={history}>{children}</Router>;
}
