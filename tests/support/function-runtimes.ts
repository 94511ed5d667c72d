import { afterAll, beforeAll, describe } from 'vitest';
import { RUNTIME_HEADER } from '../../supabase/local/src/functions/deno.ts';

/**
 * The runtimes the function tests run under: the local platform's Node process, and Deno, which
 * Supabase deploys Edge Functions to (the platform forwards to a `deno run` of the function).
 */
export const FUNCTION_RUNTIMES = ['node', 'deno'] as const;
export type FunctionRuntime = (typeof FUNCTION_RUNTIMES)[number];

/** The request header that picks the runtime on the test platform, whatever its default. */
export const runtimeHeaders = (runtime: FunctionRuntime): Record<string, string> => ({ [RUNTIME_HEADER]: runtime });

/**
 * `describe(title, tests)` once per runtime: `select(runtime)` before the block's tests (the
 * file's helpers send runtimeHeaders of what it selected), `select('node')` after them.
 */
export function describeOnRuntimes(title: string, select: (runtime: FunctionRuntime) => void, tests: () => void): void {
  describe.each(FUNCTION_RUNTIMES)(`${title} (%s)`, (runtime) => {
    beforeAll(() => select(runtime));
    afterAll(() => select('node'));
    tests();
  });
}
