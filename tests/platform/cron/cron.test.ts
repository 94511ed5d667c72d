import { describe, expect, it } from 'vitest';
import { client } from '../../support/clients.ts';

// The fixture migration 20260101000300_cron_fixture.sql schedules 'tick' (inserts a row),
// 'always-fails' (division by zero) and 'report', which publishes what cron.job_run_details
// recorded as objects in the public 'cron-report' bucket: <job>/<status> and ticks/<count>.
async function names(prefix: string): Promise<string[]> {
  const r = await client().storage.from('cron-report').list(prefix, { limit: 1000 });
  if (r.error) throw r.error;
  return r.data.map((f) => f.name);
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 12_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 250));
    value = await read();
  }
  return value;
}

describe('cron', () => {
  it("runs '1 seconds' jobs repeatedly and records succeeded runs", async () => {
    const ticks = await waitFor(() => names('ticks'), (n) => n.length >= 2);
    const counts = ticks.map(Number);
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(2);
    const tick = await waitFor(() => names('tick'), (n) => n.includes('succeeded'));
    expect(tick).toEqual(['succeeded']);
  });

  it('records a failing job as failed and keeps scheduling the others', async () => {
    const failing = await waitFor(() => names('always-fails'), (n) => n.includes('failed'));
    expect(failing).toEqual(['failed']);
    const before = Math.max(...(await names('ticks')).map(Number));
    const later = await waitFor(
      () => names('ticks'),
      (n) => Math.max(...n.map(Number)) > before,
    );
    expect(Math.max(...later.map(Number))).toBeGreaterThan(before);
  });
});
