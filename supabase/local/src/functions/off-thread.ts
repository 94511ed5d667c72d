import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { OFF_THREAD_SLOT, type OffThreadRunner } from '../../../functions/_shared/off-thread.ts';

interface Job {
  url: string;
  name: string;
  args: unknown[];
  resolve(value: unknown): void;
  reject(err: Error): void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

/**
 * Why: the platform runs its Node functions in its own event loop, beside REST, auth, Storage
 * and (on PGlite) the database, so a function's CPU-bound step (an upload's decode, issue 41)
 * would hold every other request for its whole length. Functions hand such steps to
 * offThread() (supabase/functions/_shared/off-thread.ts), which finds this pool's runner in
 * OFF_THREAD_SLOT: worker threads, one fewer than the cores (at least one), so a core is left
 * for the event loop; tasks wait in order for a free one. Shared by every platform of the
 * process (the tests start several), started on first use, ended with the last platform.
 */
function createPool(size: number) {
  const queue: Job[] = [];
  const threads: Thread[] = [];

  function spawn(): Thread {
    const worker = new Worker(new URL('./off-thread-worker.js', import.meta.url));
    worker.unref();
    const thread: Thread = { worker, job: null };
    const settle = (fn: (job: Job) => void) => {
      const job = thread.job;
      thread.job = null;
      if (job) fn(job);
      next();
    };
    worker.on('message', (m: { value?: unknown; error?: { message: string; stack?: string } }) =>
      settle((job) => {
        if (!m.error) return job.resolve(m.value);
        const err = new Error(m.error.message);
        if (m.error.stack) err.stack = m.error.stack;
        job.reject(err);
      }),
    );
    // A worker that dies (out of memory, a crash) fails its task and is replaced on the next one.
    const lost = (err: Error) => {
      const at = threads.indexOf(thread);
      if (at >= 0) threads.splice(at, 1);
      settle((job) => job.reject(err));
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`off-thread worker exited (${code})`)));
    return thread;
  }

  function next(): void {
    while (queue.length) {
      let thread = threads.find((t) => !t.job);
      if (!thread && threads.length < size) threads.push((thread = spawn()));
      if (!thread) return;
      const job = queue.shift()!;
      thread.job = job;
      thread.worker.postMessage({ url: job.url, name: job.name, args: job.args });
    }
  }

  const run: OffThreadRunner = (url, name, args) =>
    new Promise((resolve, reject) => {
      queue.push({ url, name, args, resolve, reject });
      next();
    });

  return {
    run,
    async stop() {
      const all = threads.splice(0);
      for (const job of queue.splice(0)) job.reject(new Error('the platform stopped'));
      await Promise.all(all.map((t) => t.worker.terminate()));
    },
  };
}

let shared: ReturnType<typeof createPool> | null = null;
let users = 0;

/** Puts the pool's runner in OFF_THREAD_SLOT for as long as a platform uses it; the returned function gives it back. */
export function useOffThreadPool(): () => Promise<void> {
  shared ??= createPool(Math.max(1, availableParallelism() - 1));
  (globalThis as Record<string, unknown>)[OFF_THREAD_SLOT] = shared.run;
  users++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    if (--users > 0 || !shared) return;
    const pool = shared;
    shared = null;
    delete (globalThis as Record<string, unknown>)[OFF_THREAD_SLOT];
    await pool.stop();
  };
}
