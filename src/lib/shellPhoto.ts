/**
 * What boot.ts does about the prerendered shell's first photo, written on <html> for
 * app.html's loader (src/app/shell/shell.ts), which holds the app's code until the photo has
 * been painted: on a returning visitor's phone the app's first run no longer competes with the
 * page's largest paint for the main thread. 'pending' while the photo is on its way, 'done'
 * once it has loaded or failed, or when the route draws none.
 */
export const SHELL_PHOTO_ATTRIBUTE = 'data-shell-photo';
/** Dispatched on the document when the attribute turns 'done'. */
export const SHELL_PHOTO_EVENT = 'shellphoto';

/** Boot's first request for a prerendered route (data-shell): its photo is on its way. Once only. */
export function markShellPhoto(): void {
  const root = document.documentElement;
  if (root.hasAttribute('data-shell') && !root.hasAttribute(SHELL_PHOTO_ATTRIBUTE)) root.setAttribute(SHELL_PHOTO_ATTRIBUTE, 'pending');
}

export function shellPhotoPending(): boolean {
  return document.documentElement.getAttribute(SHELL_PHOTO_ATTRIBUTE) === 'pending';
}

export function settleShellPhoto(): void {
  const root = document.documentElement;
  if (root.getAttribute(SHELL_PHOTO_ATTRIBUTE) === 'done') return;
  root.setAttribute(SHELL_PHOTO_ATTRIBUTE, 'done');
  document.dispatchEvent(new Event(SHELL_PHOTO_EVENT));
}
