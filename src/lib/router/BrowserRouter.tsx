import { useState, type ReactNode } from 'react';
import { createBrowserHistory } from './browserHistory.ts';
import { Router } from './Router.tsx';

/** The app's router: the browser's address and history. */
export function BrowserRouter({ children }: { children?: ReactNode }) {
  const [history] = useState(createBrowserHistory);
  return <Router history={history}>{children}</Router>;
}
