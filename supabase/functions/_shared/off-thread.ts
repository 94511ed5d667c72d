/**
 * A function's CPU-bound step (decoding a photo) kept off the thread that serves requests
 * (issue 41). On Supabase each request runs in the function's own isolate: the task runs
 * inline and counts in the request's CPU time. The local platform runs its Node functions in
 * its own event loop, beside REST, auth and Storage, and puts a runner in OFF_THREAD_SLOT that
 * sends the task to a worker thread (supabase/local/src/functions/off-thread.ts), so one
 * upload's decode never holds anyone else's request.
 *
 * A task is an exported function of a module that also exports its own URL as MODULE_URL
 * (`export const MODULE_URL = import.meta.url`); its arguments and answer are plain data (they
 * cross threads by structured clone), and an expected failure is part of its answer: an
 * exception reaches the caller as a plain Error.
 */

/** Must match the slot supabase/local/src/functions/off-thread.ts fills. */
export const OFF_THREAD_SLOT = '__supabaseLocalOffThread';

/** What the local platform puts in OFF_THREAD_SLOT: runs `name` of the module at `moduleUrl` on a worker thread. */
export type OffThreadRunner = (moduleUrl: string, name: string, args: unknown[]) => Promise<unknown>;

type Args<F> = F extends (...args: infer A) => unknown ? A : never;
type Answer<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;

/** `mod[name](...args)`: on a worker thread under the local platform, inline anywhere else. */
export async function offThread<M extends { MODULE_URL: string }, K extends keyof M & string>(mod: M, name: K, ...args: Args<M[K]>): Promise<Answer<M[K]>> {
  const run = (globalThis as Record<string, unknown>)[OFF_THREAD_SLOT];
  if (typeof run === 'function') return (await (run as OffThreadRunner)(mod.MODULE_URL, name, args)) as Answer<M[K]>;
  return (await (mod[name] as (...a: unknown[]) => unknown)(...args)) as Answer<M[K]>;
}
