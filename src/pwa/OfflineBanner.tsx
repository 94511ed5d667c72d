import type { CSSProperties } from 'react';
import { t } from '@/lib/catalogue/index.ts';
import { useOutbox } from '@/lib/outbox/useOutbox.ts';
import { useOnline } from './useOnline.ts';

const line: CSSProperties = { margin: 0, fontSize: 'var(--mantine-font-size-sm)', lineHeight: 'var(--mantine-line-height-sm)', textAlign: 'center', color: 'var(--mantine-color-dark-8)' };

/** A strip under the header while the device is offline, counting the writes waiting to be sent. */
export function OfflineBanner() {
  const online = useOnline();
  const { count } = useOutbox();
  if (online) return null;
  return (
    <div role="status" style={{ padding: '6px var(--mantine-spacing-sm)', background: 'var(--mantine-color-yellow-2)' }} data-testid="offline-banner">
      <p style={line}>{t.pwa.offlineBanner}</p>
      {count > 0 && (
        <p style={{ ...line, fontWeight: 600 }} data-testid="offline-banner-outbox">
          {t.pwa.outbox.waiting(count)}
        </p>
      )}
    </div>
  );
}
