import { useEffect, useSyncExternalStore } from 'react';
import { t } from '@/lib/catalogue/index.ts';
import { Button } from '@/lib/ui/Button.tsx';
import page from '@/lib/ui/page.module.css';
import { applyUpdate, dismissUpdate, isUpdateWaiting, registerServiceWorker, subscribeUpdate } from './register.ts';
import { floatingCard } from './floatingCard.ts';
import classes from './UpdatePrompt.module.css';

/** Registers the service worker; when a new version waits, offers 'Nuova versione disponibile'. */
export function UpdatePrompt() {
  const waiting = useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);
  useEffect(() => {
    void registerServiceWorker().catch(() => undefined);
  }, []);
  if (!waiting) return null;
  return (
    <div role="alertdialog" aria-labelledby="update-title" aria-describedby="update-hint" className={classes.card} style={floatingCard(400)} data-testid="update-prompt">
      <p className={classes.title} id="update-title">
        {t.pwa.updateAvailable}
      </p>
      <p className={page.dimmed} id="update-hint">
        {t.pwa.updateHint}
      </p>
      <div className={classes.actions}>
        <Button variant="default" size="xs" onClick={dismissUpdate}>
          {t.pwa.updateLater}
        </Button>
        <Button size="xs" onClick={applyUpdate}>
          {t.pwa.updateNow}
        </Button>
      </div>
    </div>
  );
}
