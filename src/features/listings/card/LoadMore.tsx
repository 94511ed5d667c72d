import { useEffect, useEffectEvent, useRef } from 'react';
import { Button } from '@/lib/ui/Button.tsx';

/** "Load more" button that also fires when scrolled into view (infinite scroll). */
export function LoadMore({ label, onLoad, loading }: { label: string; onLoad: () => void; loading: boolean }) {
  const ref = useRef<HTMLButtonElement>(null);
  const load = useEffectEvent(onLoad);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) load();
    }, { rootMargin: '400px' });
    io.observe(el);
    return () => io.disconnect();
  }, []);
  return (
    <div style={{ display: 'flex', justifyContent: 'center', marginBlock: 'var(--mantine-spacing-md)' }}>
      <Button ref={ref} variant="light" onClick={onLoad} loading={loading}>
        {label}
      </Button>
    </div>
  );
}
