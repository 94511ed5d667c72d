/**
 * For screens' tests: the outbox's `submitWrite` taking its direct way (as without IndexedDB),
 * so a write reaches the test's mocked api.ts and counts as sent. The outbox itself has its
 * own tests (src/lib/outbox). Use: vi.mock('@/lib/outbox/submit.ts', async (actual) => ({ ...(await actual()), submitWrite })).
 */
import type { SubmitOutcome } from '@/lib/outbox/submit.ts';

export async function submitWrite(_kind: string, _payload: unknown, { id = 'client-id' }: { id?: string }, direct: (id: string) => Promise<unknown>): Promise<SubmitOutcome> {
  await direct(id);
  return { status: 'sent' };
}
