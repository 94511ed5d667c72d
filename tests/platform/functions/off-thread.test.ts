/**
 * A function's CPU-bound step runs on a worker thread under the local platform (issue 41), so
 * one upload's decode never holds the other requests the platform serves in its event loop.
 */
import { describe, expect, it } from 'vitest';
import { platformInfo } from '../../support/clients.ts';

const busy = (ms: number) =>
  fetch(`${platformInfo().url}/functions/v1/busy?ms=${ms}`, { method: 'POST', headers: { authorization: `Bearer ${platformInfo().anonKey}` } });

describe('offThread', () => {
  it('runs the task on a worker thread, and the platform keeps answering meanwhile', async () => {
    const task = busy(3000);
    // Health checks while the task keeps a core busy for 3 s: each answers at once.
    const waits: number[] = [];
    await new Promise((r) => setTimeout(r, 300));
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const res = await fetch(`${platformInfo().url}/rest/v1/`, { headers: { apikey: platformInfo().anonKey } });
      await res.arrayBuffer();
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 200));
    }
    const res = await task;
    expect(await res.json()).toEqual({ mainThread: false });
    // Inline, the requests would wait for the rest of the 3 s; 1 s leaves room for a loaded machine.
    expect(Math.max(...waits)).toBeLessThan(1000);
  });

  it("hands the task's exception back to the function as an Error", async () => {
    const res = await busy(-1);
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'no negative time: -1' });
  });
});
