import type { ApiModule, Platform } from '../platform.ts';

/** Placeholder until this API is implemented. */
export async function createRestApi(p: Platform): Promise<ApiModule> {
  void p;
  return { prefix: '/rest/v1' || undefined };
}
