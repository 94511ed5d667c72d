import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { Guard } from './Guard.tsx';
import { lazyScreen } from './lazyScreen.tsx';
// The home page is most visits' first screen: in the first chunk, not one more round trip away.
import HomePage from '@/features/listings/HomePage.tsx';
import { Layout } from './Layout.tsx';
import { NotFound } from './NotFound.tsx';
import { Placeholder } from './Placeholder.tsx';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

// Route screens load lazily so the first route's JavaScript stays small. The app, at the
// top of the dependency graph, imports screens by path: going through a feature's
// index.ts would pull every screen into the first chunk. The public screens a visit can
// start on render without Suspense (see lazyScreen).
const ListingDetailPage = lazyScreen(() => import('@/features/listings/ListingDetailPage.tsx'));
const SearchPage = lazyScreen(() => import('@/features/search/SearchPage.tsx'));
const AuthPage = lazy(() => import('@/features/auth/components/AuthPage.tsx'));
const AuthCallbackPage = lazy(() => import('@/features/auth/components/AuthCallbackPage.tsx'));
const RegistrationSuccessPage = lazy(() => import('@/features/auth/components/RegistrationSuccessPage.tsx'));
const ChangePasswordPage = lazy(() => import('@/features/auth/components/ChangePasswordPage.tsx'));
const BannedPage = lazy(() => import('@/features/auth/components/BannedPage.tsx'));
const TermsPage = lazy(() => import('@/features/legal/components/TermsPage.tsx'));
const PrivacyPage = lazy(() => import('@/features/legal/components/PrivacyPage.tsx'));
const DashboardPage = lazy(() => import('@/features/dashboard/components/DashboardPage.tsx'));
const ProfileSettingsPage = lazy(() => import('@/features/profile/components/ProfileSettingsPage.tsx'));
const MyTicketsPage = lazy(() => import('@/features/tickets/components/MyTicketsPage.tsx'));
const NewTicketPage = lazy(() => import('@/features/tickets/components/NewTicketPage.tsx'));

const p = t.frame.placeholders;

/** The route table of SPEC §2: every path with its guard. */
export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <Layout />
      </RouteErrorBoundary>
    ),
    children: [
      // public
      { path: '/', element: <HomePage /> },
      { path: '/search', element: <SearchPage /> },
      { path: '/listing/:id', element: <ListingDetailPage /> },
      { path: '/termini', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      { path: '/auth/callback', element: <AuthCallbackPage /> },
      { path: '/banned', element: <BannedPage /> },
      { path: '/registration-success', element: <RegistrationSuccessPage /> },
      // anonymous only
      { element: <Guard access="authPage" />, children: [{ path: '/auth', element: <AuthPage /> }] },
      // signed in, no banned check
      { element: <Guard access="memberAllowBanned" />, children: [{ path: '/my-tickets', element: <MyTicketsPage /> }] },
      // signed in, banned go to /banned
      {
        element: <Guard access="member" />,
        children: [
          { path: '/new-ticket', element: <NewTicketPage /> },
          { path: '/my-tickets/:ticketId', element: <Placeholder title={p.ticketDetail} /> },
          { path: '/my-coupons', element: <Placeholder title={p.myCoupons} /> },
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/new-listing', element: <Placeholder title={p.newListing} /> },
          { path: '/edit-listing/:id', element: <Placeholder title={p.editListing} /> },
          { path: '/promote-listing/:listingId', element: <Placeholder title={p.promoteListing} /> },
          { path: '/buy-credits', element: <Placeholder title={p.buyCredits} /> },
          { path: '/profile-settings', element: <ProfileSettingsPage /> },
          { path: '/change-password', element: <ChangePasswordPage /> },
          { path: '/my-listings', element: <Placeholder title={p.myListings} /> },
          { path: '/credit-history', element: <Placeholder title={p.creditHistory} /> },
        ],
      },
      // admin or supporto
      {
        element: <Guard access="staff" />,
        children: [
          { path: '/admin', element: <Placeholder title={p.admin} /> },
          { path: '/admin/users/:userId/listings', element: <Placeholder title={p.adminUserListings} /> },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
];
