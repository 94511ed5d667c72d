/**
 * The page's first script, a few kilobytes beside the app's main entry: it starts the
 * route's first request at once, while the app's JavaScript is still downloading (the app
 * picks the answer up; see features/listings/prefetch.ts).
 */
import { prefetchRouteData } from './app/prefetch.ts';

prefetchRouteData(window.location);
