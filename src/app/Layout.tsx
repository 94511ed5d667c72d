import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { t } from '@/lib/catalogue/index.ts';
import { inMantine } from '@/lib/ui/inMantine.ts';
import { useLatch } from '@/lib/useLatch.ts';
import { useSessionStore, useViewer } from '@/features/auth/index.ts';
// By path, not through index.ts: the barrel would pull the support dialog into the first chunk.
import { useSupportDialogStore } from '@/features/tickets/store.ts';
import { PullToRefresh } from '@/pwa/PullToRefresh.tsx';
import { PwaChrome } from '@/pwa/PwaChrome.tsx';
import { AgeGate } from './AgeGate.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { withServerState } from './lazyScreen.tsx';
import { LoadingScreen, PageLoader } from './LoadingScreen.tsx';
import { useScrollRestoration } from './useScrollRestoration.ts';

// The support dialog loads on first need, keeping it (and the query cache its form uses) out of
// the first route's JavaScript.
const SupportDialog = lazy(withServerState(() => inMantine(() => import('@/features/tickets/components/SupportDialog.tsx').then((m) => m.SupportDialog))));

/** Header, page, footer, and the app-wide dialogs; the loading screen until the viewer is known. */
export function Layout() {
  const viewer = useViewer();
  const starting = useViewerStarting();
  // Once opened, the dialog stays mounted (its code is loaded on first use).
  const supportWanted = useLatch(useSupportDialogStore((s) => s.opened));
  useScrollRestoration();
  if (starting) return <LoadingScreen />;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', minHeight: '100dvh' }}>
      <a href="#main" className="skip-link">
        {t.frame.skipToContent}
      </a>
      <PullToRefresh />
      <Header />
      <PwaChrome />
      <main id="main" tabIndex={-1} style={{ flex: 1, outline: 'none' }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <Suspense fallback={null}>{supportWanted && <SupportDialog />}</Suspense>
      <AgeGate signedIn={viewer.signedIn} />
    </div>
  );
}

/** True until the first session and role are known (a later sign-in's role wait is not 'starting'). */
function useViewerStarting() {
  return useSessionStore((s) => s.status === 'loading');
}
