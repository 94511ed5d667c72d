/**
 * The outbox at page start, in the first route: nothing at all unless the outbox may hold
 * something (flag.ts), so a visitor's first page neither opens its database nor loads its code.
 * Another tab's first write makes this one follow it too.
 */
import { OUTBOX_FLAG, outboxInUse } from './flag.ts';

function resume(): void {
  void import('./resume.ts').then((r) => r.resumeOutbox());
}

export function bootOutbox(): void {
  if (outboxInUse()) return resume();
  const onStorage = (event: StorageEvent) => {
    if (event.key !== OUTBOX_FLAG || event.newValue === null) return;
    window.removeEventListener('storage', onStorage);
    resume();
  };
  window.addEventListener('storage', onStorage);
}

/** `run` with the outbox database's code, only when it may hold something (a sign-out's clean-up). */
export async function ifOutboxInUse(run: (db: typeof import('./db.ts')) => Promise<void>): Promise<void> {
  if (outboxInUse()) await run(await import('./db.ts'));
}
