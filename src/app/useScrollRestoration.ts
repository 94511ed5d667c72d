import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** Where each history entry was scrolled to, by location key (this tab's session). */
const positions = new Map<string, number>();
/** How long a Back waits for its page to be tall enough again (lists load, cards render). */
const RESTORE_WITHIN_MS = 3000;

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
    if (navigation !== 'POP') {
      if (!samePage && !location.hash) window.scrollTo(0, 0);
      return;
    }
    const target = positions.get(location.key);
    if (target === undefined) return;
    // Tall enough now, or after a few frames; a visitor who scrolls meanwhile wins.
    const until = performance.now() + RESTORE_WITHIN_MS;
    let frame = 0;
    const stop = () => cancelAnimationFrame(frame);
    const attempt = () => {
      window.scrollTo(0, target);
      const reached = Math.abs(window.scrollY - target) < 2;
      if (!reached && performance.now() < until) frame = requestAnimationFrame(attempt);
      else removeListeners();
    };
    const removeListeners = () => {
      window.removeEventListener('wheel', stopAll);
      window.removeEventListener('touchstart', stopAll);
    };
    const stopAll = () => {
      stop();
      removeListeners();
    };
    window.addEventListener('wheel', stopAll, { passive: true });
    window.addEventListener('touchstart', stopAll, { passive: true });
    attempt();
    return stopAll;
  }, [location.key, location.pathname, location.hash, navigation]);
}
