import { prefetchHome, prefetchListingDetail } from '@/features/listings/boot.ts';
import { prefetchSearch } from '@/features/search/boot.ts';
import { listingIdOf, paths } from '@/lib/paths.ts';

/**
 * The public routes' data, requested while the app's code is still loading (see
 * listings/prefetch.ts), and a lazy route's screen, fetched beside the app instead of after it.
 * The specifiers are routes.tsx's, so the screens load once, as the same chunks.
 */
export function prefetchRouteData({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  if (pathname === paths.home) prefetchHome();
  else if (pathname === paths.search) prefetchSearch(search);
  else {
    const id = listingIdOf(pathname);
    if (id === null) return;
    prefetchListingDetail(id);
    void import('@/features/listings/detail/ListingDetailPage.tsx');
  }
}
