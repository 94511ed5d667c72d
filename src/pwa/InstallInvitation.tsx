import { Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { ENGAGEMENT_EVENT } from '@/lib/engagement.ts';
import { lazyInMantine } from '@/lib/ui/inMantine.ts';
import { hasInstallPrompt, isStandalone, readInstallRecord, subscribeInstallPrompt, updateInstallRecord } from './install.ts';
import { installWay, shouldInvite, type InstallWay } from './installModel.ts';

const InstallSheet = lazyInMantine(() => import('./InstallSheet.tsx').then((m) => m.default));

/**
 * Counts the pages viewed and the engagement on this device and, when the rules say so,
 * shows our install invitation (Chromium) or the Home-screen steps (iPhone/iPad Safari). The
 * sheet's code loads only then.
 */
export function InstallInvitation() {
  const { pathname, search } = useLocation();
  const promptCaptured = useSyncExternalStore(subscribeInstallPrompt, hasInstallPrompt, () => false);
  const viewsThisVisit = useRef(0);
  const [shown, setShown] = useState<InstallWay | null>(null);

  const evaluate = useCallback(() => {
    const way = installWay({ promptCaptured: hasInstallPrompt(), userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints });
    const invite = shouldInvite(readInstallRecord(), { way, standalone: isStandalone(), viewsThisVisit: viewsThisVisit.current, now: new Date() });
    setShown((current) => current ?? (invite ? way : null));
  }, []);

  useEffect(() => {
    viewsThisVisit.current += 1;
    updateInstallRecord((r) => ({ ...r, views: r.views + 1 }));
    evaluate();
  }, [pathname, search, evaluate]);

  useEffect(() => {
    const engaged = () => {
      updateInstallRecord((r) => ({ ...r, engaged: true }));
      evaluate();
    };
    window.addEventListener(ENGAGEMENT_EVENT, engaged);
    return () => window.removeEventListener(ENGAGEMENT_EVENT, engaged);
  }, [evaluate]);

  useEffect(() => {
    if (promptCaptured) evaluate();
  }, [promptCaptured, evaluate]);

  if (!shown) return null;
  const close = (dismissed: boolean) => {
    if (dismissed) updateInstallRecord((r) => ({ ...r, dismissedAt: new Date().toISOString() }));
    setShown(null);
  };
  return (
    <Suspense fallback={null}>
      <InstallSheet way={shown} onClose={close} />
    </Suspense>
  );
}
