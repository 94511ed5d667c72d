import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const removed: string[] = [];
const eq = vi.fn();
const remove = vi.fn();
// The real file cleanup (lib/listingPhotoFiles.ts) over a stand-in Storage: the listing's folder holds one file.
const storage = {
  list: async () => ({ data: [{ name: 'a.jpg', id: 'f1' }], error: null }),
  remove,
};
const client = { from: vi.fn(() => ({ delete: () => ({ eq }) })), storage: { from: () => storage } };
vi.mock('@/lib/backend.ts', () => ({ loadSupabase: async () => client }));
const { deleteListing } = await import('./api.ts');

describe('deleteListing', () => {
  beforeEach(() => {
    calls.length = 0;
    removed.length = 0;
    remove.mockReset().mockImplementation(async (paths: string[]) => (calls.push('files'), removed.push(...paths), { error: null }));
    eq.mockReset().mockImplementation(async () => (calls.push('row'), { error: null }));
  });

  it('removes the photo files first, then the listing', async () => {
    expect(await deleteListing({ id: 'l1', user_id: 'u1' })).toEqual({ cleanupFailed: false });
    expect(removed).toEqual(['u1/l1/a.jpg']);
    expect(client.from).toHaveBeenCalledWith('listings');
    expect(eq).toHaveBeenCalledWith('id', 'l1');
    expect(calls).toEqual(['files', 'row']);
  });

  it('only warns when the file cleanup fails, and still deletes the listing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    remove.mockImplementation(async () => ({ error: new Error('storage down') }));
    expect(await deleteListing({ id: 'l1', user_id: 'u1' })).toEqual({ cleanupFailed: true });
    expect(warn).toHaveBeenCalled();
    expect(calls).toEqual(['row']);
    warn.mockRestore();
  });
});
