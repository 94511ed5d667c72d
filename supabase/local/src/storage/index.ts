import type { ApiModule, Platform } from '../platform.ts';

/** Placeholder until this API is implemented. */
export async function createStorageApi(p: Platform): Promise<ApiModule> {
  void p;
  return { prefix: '/storage/v1' || undefined };
}
