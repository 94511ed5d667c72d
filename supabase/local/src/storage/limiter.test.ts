import { describe, expect, it } from 'vitest';
import { createLimiter } from './limiter.ts';

class Full extends Error {}

/** A task that runs until `finish()`; `started` tells whether it has begun. */
function gate() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const task = { started: false, finish, run: async () => ((task.started = true), await done) };
  return task;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('createLimiter', () => {
  it('runs at most `concurrency` tasks at once, then the waiting ones in arrival order', async () => {
    const limiter = createLimiter({ concurrency: 2, maxWaiting: 10, full: () => new Full() });
    let active = 0;
    let most = 0;
    const order: number[] = [];
    const tasks = Array.from({ length: 8 }, (_, i) =>
      limiter.run(async () => {
        active++;
        most = Math.max(most, active);
        order.push(i);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active--;
        return i;
      }),
    );
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('refuses at once beyond `maxWaiting` waiting tasks, and takes new ones when room is made', async () => {
    const limiter = createLimiter({ concurrency: 1, maxWaiting: 2, full: () => new Full() });
    const [a, b, c] = [gate(), gate(), gate()];
    const running = [limiter.run(a.run), limiter.run(b.run), limiter.run(c.run)];
    await tick();
    expect([a.started, b.started, c.started]).toEqual([true, false, false]);
    await expect(limiter.run(async () => 'late')).rejects.toBeInstanceOf(Full);

    a.finish();
    await tick();
    expect([b.started, c.started]).toEqual([true, false]);
    const d = gate();
    const queued = limiter.run(d.run);
    b.finish();
    c.finish();
    d.finish();
    await Promise.all([...running, queued]);
    expect(d.started).toBe(true);
  });

  it('frees the slot of a task that fails', async () => {
    const limiter = createLimiter({ concurrency: 1, maxWaiting: 0, full: () => new Full() });
    await expect(limiter.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(async () => 'next')).toBe('next');
  });
});
