/**
 * The browser's side of installing: the captured `beforeinstallprompt` (Chromium offers it once
 * per page load; we keep it for our own invitation), the device's engagement record, and the
 * install counted in our database when `appinstalled` fires.
 */
import { publicRest } from '@/lib/publicRest.ts';
import { emptyRecord, installWay, parseRecord, type InstallRecord } from './installModel.ts';

interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const RECORD_KEY = 'incontri-install';
const DEVICE_KEY = 'incontri-device';

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** From the page's first script: hold the browser's install prompt for later, count installs. */
export function captureInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    const way = installWay({ promptCaptured: deferred !== null, userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints });
    deferred = null;
    notify();
    void recordInstall(way === 'none' ? 'other' : way);
  });
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const hasInstallPrompt = (): boolean => deferred !== null;

/** Shows the browser's install dialog; true when the user accepted. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  notify();
  await event.prompt();
  return (await event.userChoice).outcome === 'accepted';
}

export function isStandalone(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || (navigator as { standalone?: boolean }).standalone === true;
}

export function readInstallRecord(): InstallRecord {
  try {
    return parseRecord(localStorage.getItem(RECORD_KEY));
  } catch {
    return emptyRecord;
  }
}

export function updateInstallRecord(change: (r: InstallRecord) => InstallRecord): InstallRecord {
  const next = change(readInstallRecord());
  try {
    localStorage.setItem(RECORD_KEY, JSON.stringify(next));
  } catch {
    /* private mode: the invitation simply counts again next time */
  }
  return next;
}

function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    id = crypto.randomUUID();
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

async function recordInstall(platform: 'prompt' | 'ios' | 'other'): Promise<void> {
  try {
    await publicRest.rpc('record_app_install', { p_device: deviceId(), p_platform: platform });
  } catch {
    /* counting is best effort */
  }
}
