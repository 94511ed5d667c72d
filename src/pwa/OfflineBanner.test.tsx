import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@/test/render.tsx';
import { addEntry, clearAll } from '@/lib/outbox/db.ts';
import { followOutbox } from '@/lib/outbox/useOutbox.ts';
import { OfflineBanner } from './OfflineBanner.tsx';

const queue = (id: string) => addEntry({ id, kind: 'ticketReply', payload: null, userId: 'u1', createdAt: 0, attempts: 0, nextAttemptAt: 0, lastError: null });

afterEach(async () => {
  vi.restoreAllMocks();
  await clearAll();
});

describe('OfflineBanner', () => {
  it('counts the writes waiting to be sent, in the singular and the plural', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    followOutbox();
    render(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner-outbox')).toBeNull();
    await queue('a');
    await waitFor(() => expect(screen.getByTestId('offline-banner-outbox')).toHaveTextContent('1 azione in attesa di invio'));
    await queue('b');
    await waitFor(() => expect(screen.getByTestId('offline-banner-outbox')).toHaveTextContent('2 azioni in attesa di invio'));
  });
});
