import { beforeEach, describe, expect, it, vi } from 'vitest';

const db = vi.hoisted(() => ({ supabase: { rpc: vi.fn(), storage: { from: vi.fn() } } }));
vi.mock('@/lib/supabase.ts', () => db);
const { removeListing } = await import('./api.ts');

describe('removeListing', () => {
  beforeEach(() => {
    db.supabase.rpc.mockReset().mockResolvedValue({ data: null, error: null });
    db.supabase.storage.from.mockReset();
  });

  it('calls admin_delete_listing with the trimmed reason and never touches Storage (the database queues the files)', async () => {
    await removeListing('l1', '  Foto false ');
    expect(db.supabase.rpc).toHaveBeenCalledWith('admin_delete_listing', { p_listing_id: 'l1', p_reason: 'Foto false' });
    expect(db.supabase.storage.from).not.toHaveBeenCalled();
  });
});
