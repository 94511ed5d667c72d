import type { ApiModule, Platform } from '../platform.ts';

/** Placeholder until this API is implemented. */
export async function createRealtimeApi(p: Platform): Promise<ApiModule> {
  void p;
  return { prefix: '/realtime/v1' || undefined };
}
