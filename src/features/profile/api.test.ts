import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
const files = vi.hoisted(() => ({ removeUserFiles: vi.fn() }));
const db = vi.hoisted(() => ({ supabase: { rpc: vi.fn() } }));
vi.mock('@/lib/listingPhotoFiles.ts', () => files);
vi.mock('@/lib/supabase.ts', () => db);
const { deleteMyAccount } = await import('./api.ts');

describe('deleteMyAccount', () => {
  beforeEach(() => {
    calls.length = 0;
    files.removeUserFiles.mockReset().mockImplementation(async () => void calls.push('files'));
    db.supabase.rpc.mockReset().mockImplementation(async (fn: string) => (calls.push(fn), { error: null }));
  });

  it("removes the user's photo files first, then the account's rows", async () => {
    await deleteMyAccount('u1');
    expect(files.removeUserFiles).toHaveBeenCalledWith(db.supabase, 'u1');
    expect(calls).toEqual(['files', 'delete_my_account']);
  });

  it('keeps the account when the files cannot be removed', async () => {
    files.removeUserFiles.mockRejectedValue(new Error('storage down'));
    await expect(deleteMyAccount('u1')).rejects.toThrow('storage down');
    expect(db.supabase.rpc).not.toHaveBeenCalled();
  });
});
