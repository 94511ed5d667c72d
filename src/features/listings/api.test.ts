import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const files = vi.hoisted(() => ({ removeListingFiles: vi.fn() }));
const eq = vi.fn();
const client = { from: vi.fn(() => ({ delete: () => ({ eq }) })) };
vi.mock('@/lib/listingPhotoFiles.ts', () => files);
vi.mock('@/lib/backend.ts', () => ({ loadSupabase: async () => client }));
const { deleteListing } = await import('./api.ts');

describe('deleteListing', () => {
  beforeEach(() => {
    calls.length = 0;
    files.removeListingFiles.mockReset().mockImplementation(async () => void calls.push('files'));
    eq.mockReset().mockImplementation(async () => (calls.push('row'), { error: null }));
  });

  it('removes the photo files first, then the listing', async () => {
    expect(await deleteListing({ id: 'l1', user_id: 'u1' })).toEqual({ cleanupFailed: false });
    expect(files.removeListingFiles).toHaveBeenCalledWith(client, 'u1', 'l1');
    expect(client.from).toHaveBeenCalledWith('listings');
    expect(eq).toHaveBeenCalledWith('id', 'l1');
    expect(calls).toEqual(['files', 'row']);
  });

  it('only warns when the file cleanup fails, and still deletes the listing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    files.removeListingFiles.mockRejectedValue(new Error('storage down'));
    expect(await deleteListing({ id: 'l1', user_id: 'u1' })).toEqual({ cleanupFailed: true });
    expect(warn).toHaveBeenCalled();
    expect(calls).toEqual(['row']);
    warn.mockRestore();
  });
});
