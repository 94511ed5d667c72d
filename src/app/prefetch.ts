import { prefetchHome, prefetchListingDetail } from '@/features/listings/index.ts';
import { prefetchSearch } from '@/features/search/index.ts';

/** The public routes' data, requested while the app's code is still starting (see listings/prefetch.ts). */
export function prefetchRouteData({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  if (pathname === '/') prefetchHome();
  else if (pathname === '/search') prefetchSearch(search);
  else {
    const detail = /^\/listing\/([^/]+)\/?$/.exec(pathname);
    if (detail) prefetchListingDetail(decodeURIComponent(detail[1]!));
  }
}
