import type { ApiModule, Platform } from '../platform.ts';

/** Placeholder until this API is implemented. */
export async function createFunctionsApi(p: Platform): Promise<ApiModule> {
  void p;
  return { prefix: '/functions/v1' || undefined };
}
