import type { ApiModule, Platform } from '../platform.ts';
import { json } from '../http.ts';

/** Placeholder until GoTrue's API is implemented: health only. */
export async function createAuthApi(p: Platform): Promise<ApiModule> {
  void p;
  return {
    prefix: '/auth/v1',
    async handle(_req, path) {
      if (path === '/health') return json({ version: 'local', name: 'GoTrue', description: 'supabase/local auth' });
      return json({ code: 'not_found', message: 'Not found' }, 404);
    },
  };
}
