import { useLayoutEffect } from 'react';
import { t } from '@/lib/catalogue/index.ts';
import { Alert } from '@/lib/ui/Alert.tsx';
import { Button } from '@/lib/ui/Button.tsx';
import page from '@/lib/ui/page.module.css';

const m = t.frame.screenOffline;

/** A screen whose code could not be downloaded: says so, and tries again when the device is back online. */
export function ScreenOffline({ onRetry }: { onRetry: () => void }) {
  // Listening from the commit that shows the message, not from a passive effect that may run
  // later: an 'online' arriving in between was missed, and the screen stayed offline.
  useLayoutEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);
  return (
    <div className={page.narrow}>
      <Alert color="yellow" title={m.title} data-testid="screen-offline" role="status">
        <p className={page.small}>{m.text}</p>
        <Button size="xs" variant="white" style={{ marginTop: 'var(--mantine-spacing-sm)' }} onClick={onRetry}>
          {m.retry}
        </Button>
      </Alert>
    </div>
  );
}
