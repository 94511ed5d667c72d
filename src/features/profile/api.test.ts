import { beforeEach, describe, expect, it, vi } from 'vitest';

const db = vi.hoisted(() => ({ supabase: { rpc: vi.fn(), storage: { from: vi.fn() } } }));
vi.mock('@/lib/supabase.ts', () => db);
const { deleteMyAccount } = await import('./api.ts');

describe('deleteMyAccount', () => {
  beforeEach(() => {
    db.supabase.rpc.mockReset().mockResolvedValue({ data: null, error: null });
    db.supabase.storage.from.mockReset();
  });

  it('deletes the rows only: the database queues the photo files for the clean-up job', async () => {
    await deleteMyAccount();
    expect(db.supabase.rpc).toHaveBeenCalledWith('delete_my_account');
    expect(db.supabase.storage.from).not.toHaveBeenCalled();
  });

  it("rejects with the server's Italian refusal", async () => {
    const message = 'Il tuo account è sospeso e non può essere eliminato.';
    db.supabase.rpc.mockResolvedValue({ data: null, error: { code: '42501', message, details: 'banned' } });
    await expect(deleteMyAccount()).rejects.toMatchObject({ name: 'ApiError', kind: 'refused', message });
  });
});
