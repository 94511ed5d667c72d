/**
 * Runs at most `concurrency` tasks at once; the rest wait their turn in arrival order, at most
 * `maxWaiting` of them. Beyond that `run` throws `full()` at once, so a burst of requests
 * cannot pile up work (or memory) without end.
 */
export function createLimiter(opts: { concurrency: number; maxWaiting: number; full: () => Error }) {
  let running = 0;
  const waiting: (() => void)[] = [];

  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < opts.concurrency) running++;
      else if (waiting.length >= opts.maxWaiting) throw opts.full();
      // A finishing task hands its slot straight to the first waiter, so none can jump the queue.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}
