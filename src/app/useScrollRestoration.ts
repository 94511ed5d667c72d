import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router-dom';

/** Where each history entry was scrolled to, by location key (this tab's session). */
const positions = new Map<string, number>();
/** How long a Back waits for its page to be tall enough again (lists load, cards render). */
const RESTORE_WITHIN_MS = 3000;
/** How long the position is held once reached, while late content above it settles. */
const SETTLE_MS = 1000;

/**
 * The declarative router keeps the browser's scroll position across pages, so a listing
 * opened from far down a list would open far down too. A new page starts at the top; Back
 * and Forward return to where that entry was, once its content is tall enough (the list
 * pages keep their rows for Back, see listings/useListingPages.ts). A change of query on the
 * same page (a new search) leaves the scrolling to the page.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigation = useNavigationType();
  const key = useRef(location.key);
  const pathname = useRef(location.pathname);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    const save = () => positions.set(key.current, window.scrollY);
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);

  useLayoutEffect(() => {
    const samePage = pathname.current === location.pathname;
    key.current = location.key;
    pathname.current = location.pathname;
    if (navigation !== NavigationType.Pop) {
      if (!samePage && !location.hash) window.scrollTo(0, 0);
      return;
    }
    const target = positions.get(location.key);
    if (target === undefined) return;
    // Tall enough now, or after a few frames, and held while late content above settles; a
    // visitor who scrolls, taps or types meanwhile wins.
    let until = performance.now() + RESTORE_WITHIN_MS;
    let settling = false;
    let frame = 0;
    const stop = () => cancelAnimationFrame(frame);
    const attempt = () => {
      if (Math.abs(window.scrollY - target) >= 2) window.scrollTo(0, target);
      if (!settling && Math.abs(window.scrollY - target) < 2) {
        settling = true;
        until = performance.now() + SETTLE_MS;
      }
      if (performance.now() < until) frame = requestAnimationFrame(attempt);
      else removeListeners();
    };
    const inputs = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;
    const removeListeners = () => {
      for (const type of inputs) window.removeEventListener(type, stopAll);
    };
    const stopAll = () => {
      stop();
      removeListeners();
    };
    for (const type of inputs) window.addEventListener(type, stopAll, { passive: true });
    attempt();
    return stopAll;
  }, [location.key, location.pathname, location.hash, navigation]);
}
