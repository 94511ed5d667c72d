/** Registers the service worker with workbox-window and tracks whether an update waits. */
import type { Workbox } from 'workbox-window';

type Listener = () => void;
let updateWaiting = false;
let wb: Workbox | null = null;
const listeners = new Set<Listener>();
const emit = () => listeners.forEach((l) => l());

export function subscribeUpdate(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}
export const isUpdateWaiting = () => updateWaiting;

let started = false;

/**
 * A while after the page's load event: the worker's script and the precache it downloads
 * would otherwise compete with the first listing photo and the route's data on a phone.
 */
function pageSettled(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve, 1000);
    if (document.readyState === 'complete') later();
    else window.addEventListener('load', later, { once: true });
  });
}

/** Production builds only: the dev server has no service worker. */
export async function registerServiceWorker(): Promise<void> {
  if (started || !('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  started = true;
  await pageSettled();
  const { Workbox } = await import('workbox-window');
  wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    updateWaiting = true;
    emit();
  });
  await wb.register();
  // Look for a new version when the app comes back to the foreground.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb?.update();
  });
}

/** Checks the server for a new service worker now. */
export async function checkForUpdate(): Promise<void> {
  await wb?.update();
}

/** The user accepted: the waiting worker takes over, then the page reloads onto the new version once. */
export function applyUpdate(): void {
  if (!wb) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  wb.messageSkipWaiting();
}

export function dismissUpdate(): void {
  updateWaiting = false;
  emit();
}
