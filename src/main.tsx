import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';

/**
 * The built page's stylesheets load without blocking the prerendered shell's paint (see
 * build/prerenderShell.ts); the app renders once they apply, so it never shows unstyled.
 */
function stylesheetsApplied(): Promise<unknown> {
  const links = [...document.querySelectorAll<HTMLLinkElement>('link[data-app-css]')];
  return Promise.all(
    links.map((link) =>
      (link.sheet ? Promise.resolve() : new Promise((done) => ['load', 'error'].forEach((e) => link.addEventListener(e, done, { once: true })))).then(() => {
        link.media = 'all';
      }),
    ),
  );
}

void stylesheetsApplied().then(() => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition the first render yields to the browser every few milliseconds; a plain
  // render is one task as long as the whole page takes to build (a phone's blocking time).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
