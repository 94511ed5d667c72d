import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '@supabase/supabase-js';

const failedFetch = vi.hoisted(() => vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
vi.mock('@/lib/backend.ts', () => ({
  loadSupabase: () => Promise.resolve(createClient('http://127.0.0.1:9', 'anon', { global: { fetch: failedFetch }, auth: { persistSession: false, autoRefreshToken: false } })),
}));

const { fetchRole } = await import('./api.ts');

afterEach(() => vi.restoreAllMocks());

describe('fetchRole', () => {
  it('offline, tries once and fails at once as offline (no retries holding the loading screen)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const started = Date.now();
    await expect(fetchRole('a0000000-0000-4000-8000-000000000003')).rejects.toMatchObject({ name: 'ApiError', kind: 'offline' });
    expect(failedFetch).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeLessThan(900);
  });
});
