import { t } from '@/lib/catalogue/index.ts';
import { useOnline } from './useOnline.ts';

/** A strip under the header while the device is offline. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div role="status" style={{ padding: '6px var(--mantine-spacing-sm)', background: 'var(--mantine-color-yellow-2)' }} data-testid="offline-banner">
      <p style={{ margin: 0, fontSize: 'var(--mantine-font-size-sm)', lineHeight: 'var(--mantine-line-height-sm)', textAlign: 'center', color: 'var(--mantine-color-dark-8)' }}>{t.pwa.offlineBanner}</p>
    </div>
  );
}
