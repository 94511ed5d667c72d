import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { useDocumentTitle } from '@/lib/documentTitle.ts';
import { paths } from '@/lib/paths.ts';
import { Guard } from './Guard.tsx';
import { dataScreen, lazyScreen } from './lazyScreen.tsx';
// The home page and bare /search (the home-screen shortcut) are most visits' first screens:
// in the first chunk, not one more round trip away.
import HomePage from '@/features/listings/home/HomePage.tsx';
import SearchPage from '@/features/search/SearchPage.tsx';
import { Layout } from './Layout.tsx';
import { NotFound } from './NotFound.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

// Route screens load lazily so the first route's JavaScript stays small. The app, at the
// top of the dependency graph, imports screens by path: going through a feature's
// index.ts would pull every screen into the first chunk. Screens render without Suspense
// and show the offline notice when their code cannot be downloaded (see lazyScreen). Signed-in
// screens, and the account forms (their calls are mutations), are dataScreens: their server
// state goes through the one query cache.
const ListingDetailPage = lazyScreen(() => import('@/features/listings/detail/ListingDetailPage.tsx'), { drawsMantine: false });
const AuthPage = dataScreen(() => import('@/features/auth/components/AuthPage.tsx'));
const AuthCallbackPage = lazyScreen(() => import('@/features/auth/components/AuthCallbackPage.tsx'));
const RegistrationSuccessPage = lazyScreen(() => import('@/features/auth/components/RegistrationSuccessPage.tsx'));
const ChangePasswordPage = dataScreen(() => import('@/features/auth/components/ChangePasswordPage.tsx'));
const BannedPage = dataScreen(() => import('@/features/auth/components/BannedPage.tsx'));
const TermsPage = lazyScreen(() => import('@/features/legal/components/TermsPage.tsx'));
const PrivacyPage = lazyScreen(() => import('@/features/legal/components/PrivacyPage.tsx'));
const DashboardPage = dataScreen(() => import('@/features/dashboard/components/DashboardPage.tsx'));
const ProfileSettingsPage = dataScreen(() => import('@/features/profile/components/ProfileSettingsPage.tsx'));
const MyTicketsPage = dataScreen(() => import('@/features/tickets/components/MyTicketsPage.tsx'));
const TicketPage = dataScreen(() => import('@/features/tickets/components/TicketPage.tsx'));
const NewTicketPage = dataScreen(() => import('@/features/tickets/components/NewTicketPage.tsx'));
const MyListingsPage = dataScreen(() => import('@/features/listings/owner/MyListingsPage.tsx'));
const ListingEditorPage = dataScreen(() => import('@/features/listings/editor/ListingEditorPage.tsx'));
const AdminPage = dataScreen(() => import('@/features/admin/components/AdminPage.tsx'));
const MyCouponsPage = dataScreen(() => import('@/features/coupons/components/MyCouponsPage.tsx'));
const BuyCreditsPage = dataScreen(() => import('@/features/credits/components/BuyCreditsPage.tsx'));
const PurchaseResultPage = dataScreen(() => import('@/features/credits/components/PurchaseResultPage.tsx'));
const CreditHistoryPage = dataScreen(() => import('@/features/credits/components/CreditHistoryPage.tsx'));
const PromoteListingPage = dataScreen(() => import('@/features/promotion/components/PromoteListingPage.tsx'));
const SavedSearchesPage = dataScreen(() => import('@/features/saved-searches/components/SavedSearchesPage.tsx'));
const OpenSavedSearch = dataScreen(() => import('@/features/saved-searches/components/OpenSavedSearch.tsx'));
const FavouritesPage = lazyScreen(() => import('@/features/favourites/components/FavouritesPage.tsx'), { drawsMantine: false });
const AdminUserListingsPage = dataScreen(() => import('@/features/admin/components/UsersListingsPage.tsx'));
const StatsPage = dataScreen(() => import('@/features/stats/components/StatsPage.tsx'));

const p = t.frame.placeholders;
const title = t.frame.titles;

/** A screen with its document title. */
function Titled({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

/** A route whose screen has a fixed title (the listing sets its own, from the listing). */
const route = (path: string, screenTitle: string, screen: ReactNode): RouteObject => ({
  path,
  element: <Titled title={screenTitle}>{screen}</Titled>,
});

/** The route table: every path with its guard. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <Layout />
      </RouteErrorBoundary>
    ),
    children: [
      // public
      route(paths.home, title.home, <HomePage />),
      route(paths.search, title.search, <SearchPage />),
      { path: paths.listing, element: <ListingDetailPage /> },
      route(paths.terms, title.terms, <TermsPage />),
      route(paths.privacy, title.privacy, <PrivacyPage />),
      route(paths.authCallback, title.authCallback, <AuthCallbackPage />),
      route(paths.registrationSuccess, title.registrationSuccess, <RegistrationSuccessPage />),
      route(paths.favourites, title.favourites, <FavouritesPage />),
      // banned users only (their statement of reasons and the appeal)
      { element: <Guard access="banned" />, children: [route(paths.banned, title.banned, <BannedPage />)] },
      // anonymous only
      { element: <Guard access="authPage" />, children: [route(paths.auth, title.auth, <AuthPage />)] },
      // signed in, no banned check (a banned user reads his tickets, and the answer to his appeal)
      {
        element: <Guard access="memberAllowBanned" />,
        children: [route(paths.myTickets, title.myTickets, <MyTicketsPage />), route(paths.ticket, p.ticketDetail, <TicketPage />)],
      },
      // signed in, banned go to /banned
      {
        element: <Guard access="member" />,
        children: [
          route(paths.newTicket, title.newTicket, <NewTicketPage />),
          route(paths.myCoupons, title.myCoupons, <MyCouponsPage />),
          route(paths.dashboard, title.dashboard, <DashboardPage />),
          route(paths.newListing, title.newListing, <ListingEditorPage />),
          route(paths.editListing, title.editListing, <ListingEditorPage />),
          route(paths.promoteListing, title.promoteListing, <PromoteListingPage />),
          route(paths.buyCredits, title.buyCredits, <BuyCreditsPage />),
          route(paths.buyCreditsResult, title.buyCreditsResult, <PurchaseResultPage />),
          route(paths.profileSettings, title.profileSettings, <ProfileSettingsPage />),
          route(paths.changePassword, title.changePassword, <ChangePasswordPage />),
          route(paths.myListings, title.myListings, <MyListingsPage />),
          route(paths.creditHistory, title.creditHistory, <CreditHistoryPage />),
          route(paths.savedSearches, title.savedSearches, <SavedSearchesPage />),
          route(paths.savedSearch, title.savedSearch, <OpenSavedSearch />),
          // sets its own title (a signed-in screen's string, not in the first route's catalogue)
          { path: paths.stats, element: <StatsPage /> },
        ],
      },
      // admin or supporto
      {
        element: <Guard access="staff" />,
        children: [route(paths.admin, title.admin, <AdminPage />), route(paths.adminUserListings, title.adminUserListings, <AdminUserListingsPage />)],
      },
      route('*', title.notFound, <NotFound />),
    ],
  },
];
