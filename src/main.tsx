import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { captureInstallPrompt } from './pwa/install.ts';

// Before React: Chromium fires beforeinstallprompt early and only once per page load.
captureInstallPrompt();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
