import { useEffect, useRef, useState } from 'react';
import { t } from '@/lib/catalogue/index.ts';
import { Loader } from '@/lib/ui/Loader.tsx';
import { PULL_RELOAD_DELAY_MS, PULL_TRIGGER_PX, pullDistance, pullProgress, pullReady } from './pullToRefresh.ts';

function reloadPage() {
  window.location.reload();
}

/**
 * Touch-only pull-to-refresh: pulling down from the top of the page by 80 px (the indicator
 * follows up to 120 px) reloads the page after 500 ms. Mouse wheels and trackpads never
 * produce touch events, so desktop scrolling is unaffected.
 */
export function PullToRefresh({ onRefresh = reloadPage }: { onRefresh?: () => void }) {
  const [distance, setDistance] = useState(0);
  const [refreshing, setRefreshing] = useState(false);
  // The indicator follows the finger without easing, and eases back when let go.
  const [dragging, setDragging] = useState(false);
  const start = useRef<number | null>(null);
  const current = useRef(0);
  const busy = useRef(false);

  useEffect(() => {
    const onStart = (e: TouchEvent) => {
      if (busy.current || e.touches.length !== 1 || window.scrollY > 0) return;
      // Not inside an open dialog or a scrolled box.
      const target = e.target as Element | null;
      if (target?.closest?.('[role="dialog"], [data-no-pull]')) return;
      start.current = e.touches[0]!.clientY;
      current.current = 0;
    };
    const onMove = (e: TouchEvent) => {
      if (start.current === null || busy.current) return;
      const d = pullDistance(start.current, e.touches[0]!.clientY);
      if (d > 0 && window.scrollY <= 0) {
        if (e.cancelable) e.preventDefault();
        current.current = d;
        setDragging(true);
        setDistance(d);
      } else if (d === 0 && current.current > 0) {
        current.current = 0;
        setDistance(0);
      }
    };
    const onEnd = () => {
      if (start.current === null) return;
      start.current = null;
      setDragging(false);
      if (pullReady(current.current)) {
        busy.current = true;
        setRefreshing(true);
        setDistance(PULL_TRIGGER_PX);
        window.setTimeout(onRefresh, PULL_RELOAD_DELAY_MS);
      } else {
        setDistance(0);
      }
      current.current = 0;
    };
    window.addEventListener('touchstart', onStart, { passive: true });
    window.addEventListener('touchmove', onMove, { passive: false });
    window.addEventListener('touchend', onEnd);
    window.addEventListener('touchcancel', onEnd);
    return () => {
      window.removeEventListener('touchstart', onStart);
      window.removeEventListener('touchmove', onMove);
      window.removeEventListener('touchend', onEnd);
      window.removeEventListener('touchcancel', onEnd);
    };
  }, [onRefresh]);

  const visible = distance > 0 || refreshing;
  const ready = pullReady(distance);
  const label = refreshing ? t.frame.pullToRefresh.refreshing : ready ? t.frame.pullToRefresh.release : t.frame.pullToRefresh.pull;

  return (
    <div
      data-testid="pull-to-refresh"
      data-state={refreshing ? 'refreshing' : ready ? 'ready' : visible ? 'pulling' : 'idle'}
      aria-hidden={!visible}
      style={{
        position: 'fixed',
        top: 0,
        left: '50%',
        zIndex: 400,
        width: 40,
        height: 40,
        marginLeft: -20,
        borderRadius: '50%',
        background: 'var(--mantine-color-white)',
        boxShadow: '0 2px 8px rgba(0,0,0,.25)',
        display: visible ? 'flex' : 'none',
        alignItems: 'center',
        justifyContent: 'center',
        transform: `translateY(${distance - 44}px)`,
        transition: dragging ? 'none' : 'transform 150ms ease',
        pointerEvents: 'none',
      }}
    >
      {refreshing ? (
        <Loader size={20} />
      ) : (
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="var(--mantine-color-pink-7)"
          strokeWidth="2.2"
          strokeLinecap="round"
          aria-hidden="true"
          style={{ transform: `rotate(${pullProgress(distance) * 180}deg)`, opacity: 0.4 + 0.6 * pullProgress(distance) }}
        >
          <path d="M12 5v14M5 12l7 7 7-7" />
        </svg>
      )}
      <span role="status" className="visually-hidden">
        {visible ? label : ''}
      </span>
    </div>
  );
}
