import type { ApiModule, Platform } from '../platform.ts';

/** Placeholder until this API is implemented. */
export async function createCron(p: Platform): Promise<ApiModule> {
  void p;
  return { prefix: '' || undefined };
}
