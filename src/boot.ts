/**
 * The page's first script, a few kilobytes beside the app's main entry: it starts the
 * route's first request at once, while the app's JavaScript is still downloading (the app
 * picks the answer up; see features/listings/prefetch.ts).
 */
import { prefetchRouteData } from './app/prefetch.ts';
import { settleShellPhoto, shellPhotoPending } from './lib/shellPhoto.ts';
import { captureInstallPrompt } from './pwa/install.ts';

prefetchRouteData(window.location);
// No photo on its way: the app may load as soon as the shell has painted.
if (!shellPhotoPending()) settleShellPhoto();
// Before the app (which loads once the page has painted): Chromium fires beforeinstallprompt
// early and only once per page load.
captureInstallPrompt();
